#pragma once
// The review page's inline assets (tools/batch/review_page.cpp writes the HTML around them): the
// stylesheet tools/batch/review_page.css, and the script tools/batch/review_page.js that sorts,
// filters, views and picks the cards from their data-* attributes (plain ES5; seeds are unsigned
// 64-bit decimals compared by length, then digit by digit, as Numbers would tie above 2^53). Both
// are real files, embedded byte for byte at build time by cmake/embed.cmake into
// review_page_assets.cpp in the build tree; both are self-contained: no network resources.
#include <string_view>

namespace catacomb::cli {

extern const std::string_view kReviewPageStyle;   ///< review_page.css, byte for byte
extern const std::string_view kReviewPageScript;  ///< review_page.js, byte for byte

}  // namespace catacomb::cli
