#pragma once
// The review page's inline assets (tools/review_page.cpp writes the HTML around them): the
// stylesheet, and the script that sorts, filters, views and picks the cards from their data-*
// attributes. Both are self-contained: no network resources, plain ES5.
#include <string_view>

namespace catacomb::cli {

extern const std::string_view kReviewPageStyle;
extern const std::string_view kReviewPageScript;

}  // namespace catacomb::cli
