#pragma once
/// A tiny built-in bitmap font (3 x 5 pixels a glyph) for labels in previews, legends and
/// contact sheets: digits, letters (lower case drawn as upper case) and common punctuation.
/// No font files, so images are byte-identical everywhere.
#include <string_view>

#include <catacomb/render/image.hpp>

namespace catacomb {

/// Glyph size in font pixels; each glyph advances kGlyphWidth + 1. [Units: font pixels]
inline constexpr int kGlyphWidth = 3;
inline constexpr int kGlyphHeight = 5;

/// Width in image pixels of `text` drawn at `scale` image pixels per font pixel (no trailing
/// spacing). 0 for empty text.
int text_width(std::string_view text, int scale = 1);
/// Height in image pixels of one line drawn at `scale`.
inline int text_height(int scale = 1) { return kGlyphHeight * scale; }

/// Draws `text` with its top-left corner at (x, y), clipped to the image. Characters the font
/// lacks are drawn as '?'.
void draw_text(Image& img, int x, int y, std::string_view text, Rgb colour, int scale = 1);

}  // namespace catacomb
