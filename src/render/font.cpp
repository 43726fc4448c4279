// A 3x5 pixel font for the image labels: one table of glyphs (digits, capitals, punctuation;
// lower case drawn as capitals, anything else as '?'), turned into 15-bit masks once, and text
// drawn glyph by glyph with one column of spacing, each pixel a scale x scale square.
#include "render/font.hpp"

#include <array>
#include <cstdint>

namespace catacomb {
namespace {

// One glyph: five rows of three columns, '#' for ink.
struct Glyph {
  char c;
  const char* rows[kGlyphHeight];
};

// Two glyphs a line, as drawn: kept out of clang-format.
// clang-format off
constexpr Glyph kGlyphs[] = {
    {' ', {"...", "...", "...", "...", "..."}}, {'0', {"###", "#.#", "#.#", "#.#", "###"}},
    {'1', {".#.", "##.", ".#.", ".#.", "###"}}, {'2', {"###", "..#", "###", "#..", "###"}},
    {'3', {"###", "..#", ".##", "..#", "###"}}, {'4', {"#.#", "#.#", "###", "..#", "..#"}},
    {'5', {"###", "#..", "###", "..#", "###"}}, {'6', {"###", "#..", "###", "#.#", "###"}},
    {'7', {"###", "..#", "..#", ".#.", ".#."}}, {'8', {"###", "#.#", "###", "#.#", "###"}},
    {'9', {"###", "#.#", "###", "..#", "###"}}, {'A', {".#.", "#.#", "###", "#.#", "#.#"}},
    {'B', {"##.", "#.#", "##.", "#.#", "##."}}, {'C', {".##", "#..", "#..", "#..", ".##"}},
    {'D', {"##.", "#.#", "#.#", "#.#", "##."}}, {'E', {"###", "#..", "##.", "#..", "###"}},
    {'F', {"###", "#..", "##.", "#..", "#.."}}, {'G', {".##", "#..", "#.#", "#.#", ".##"}},
    {'H', {"#.#", "#.#", "###", "#.#", "#.#"}}, {'I', {"###", ".#.", ".#.", ".#.", "###"}},
    {'J', {"..#", "..#", "..#", "#.#", ".#."}}, {'K', {"#.#", "#.#", "##.", "#.#", "#.#"}},
    {'L', {"#..", "#..", "#..", "#..", "###"}}, {'M', {"#.#", "###", "###", "#.#", "#.#"}},
    {'N', {"##.", "#.#", "#.#", "#.#", "#.#"}}, {'O', {".#.", "#.#", "#.#", "#.#", ".#."}},
    {'P', {"##.", "#.#", "##.", "#..", "#.."}}, {'Q', {".#.", "#.#", "#.#", "##.", ".##"}},
    {'R', {"##.", "#.#", "##.", "#.#", "#.#"}}, {'S', {".##", "#..", ".#.", "..#", "##."}},
    {'T', {"###", ".#.", ".#.", ".#.", ".#."}}, {'U', {"#.#", "#.#", "#.#", "#.#", "###"}},
    {'V', {"#.#", "#.#", "#.#", ".#.", ".#."}}, {'W', {"#.#", "#.#", "###", "###", "#.#"}},
    {'X', {"#.#", "#.#", ".#.", "#.#", "#.#"}}, {'Y', {"#.#", "#.#", ".#.", ".#.", ".#."}},
    {'Z', {"###", "..#", ".#.", "#..", "###"}}, {'-', {"...", "...", "###", "...", "..."}},
    {'.', {"...", "...", "...", "...", ".#."}}, {',', {"...", "...", "...", ".#.", "#.."}},
    {':', {"...", ".#.", "...", ".#.", "..."}}, {'/', {"..#", "..#", ".#.", "#..", "#.."}},
    {'%', {"#.#", "..#", ".#.", "#..", "#.#"}}, {'(', {".#.", "#..", "#..", "#..", ".#."}},
    {')', {".#.", "..#", "..#", "..#", ".#."}}, {'=', {"...", "###", "...", "###", "..."}},
    {'<', {"..#", ".#.", "#..", ".#.", "..#"}}, {'>', {"#..", ".#.", "..#", ".#.", "#.."}},
    {'#', {"#.#", "###", "#.#", "###", "#.#"}}, {'_', {"...", "...", "...", "...", "###"}},
    {'+', {"...", ".#.", "###", ".#.", "..."}}, {'*', {"...", "#.#", ".#.", "#.#", "..."}},
    {'?', {"###", "..#", ".#.", "...", ".#."}}, {'!', {".#.", ".#.", ".#.", "...", ".#."}},
    {'\'', {".#.", ".#.", "...", "...", "..."}}, {'"', {"#.#", "#.#", "...", "...", "..."}},
    {'~', {"...", "..#", "###", "#..", "..."}}, {'[', {"##.", "#..", "#..", "#..", "##."}},
    {']', {".##", "..#", "..#", "..#", ".##"}}, {'|', {".#.", ".#.", ".#.", ".#.", ".#."}},
};
// clang-format on

// Glyph bits per byte value, row-major from the top-left, bit (row * 3 + col); built once.
struct Table {
  std::array<uint16_t, 128> bits{};
  std::array<bool, 128> known{};
  Table() {
    for (const Glyph& g : kGlyphs) {
      uint16_t b = 0;
      for (int r = 0; r < kGlyphHeight; ++r)
        for (int c = 0; c < kGlyphWidth; ++c)
          if (g.rows[r][c] == '#') b = static_cast<uint16_t>(b | (1u << (r * kGlyphWidth + c)));
      const auto i = static_cast<size_t>(static_cast<unsigned char>(g.c));
      bits[i] = b;
      known[i] = true;
    }
  }
};

uint16_t glyph_bits(char ch) {
  static const Table table;
  auto c = static_cast<unsigned char>(ch);
  if (c >= 'a' && c <= 'z') c = static_cast<unsigned char>(c - 'a' + 'A');
  if (c >= 128 || !table.known[c]) c = '?';
  return table.bits[c];
}

}  // namespace

int text_width(std::string_view text, int scale) {
  if (text.empty()) return 0;
  return (static_cast<int>(text.size()) * (kGlyphWidth + 1) - 1) * scale;
}

void draw_text(Image& img, int x, int y, std::string_view text, Rgb colour, int scale) {
  for (char ch : text) {
    const uint16_t b = glyph_bits(ch);
    for (int r = 0; r < kGlyphHeight; ++r)
      for (int c = 0; c < kGlyphWidth; ++c)
        if (b & (1u << (r * kGlyphWidth + c))) img.fill_rect(x + c * scale, y + r * scale, scale, scale, colour);
    x += (kGlyphWidth + 1) * scale;
  }
}

}  // namespace catacomb
