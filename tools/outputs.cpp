#include "tools/outputs.hpp"

#include <filesystem>
#include <ostream>

#include "core/error.hpp"
#include "io/ascii.hpp"
#include "io/atomic_file.hpp"
#include "io/image.hpp"
#include "io/json_map.hpp"

namespace catacomb::cli {

void add_output_options(CLI::App& sub, OutputOptions& o) {
  sub.add_option("--png", o.png, "Write a PNG preview to this file")->type_name("FILE");
  sub.add_option("--json", o.json, "Write the JSON map to this file")->type_name("FILE");
  sub.add_option("--txt", o.txt, "Write the ASCII map to this file")->type_name("FILE");
  sub.add_option("--scale", o.scale, "PNG pixels per tile (1 to 64)")->capture_default_str();
}

void check_outputs(const OutputOptions& o, int width, int height) {
  const std::pair<const char*, const std::string*> paths[] = {{"--png", &o.png}, {"--json", &o.json}, {"--txt", &o.txt}};
  for (size_t i = 0; i < 3; ++i) {
    if (paths[i].second->empty()) continue;
    check_writable_path(paths[i].first, *paths[i].second);
    for (size_t j = 0; j < i; ++j) {
      if (paths[j].second->empty()) continue;
      std::error_code ec;
      auto a = std::filesystem::weakly_canonical(*paths[i].second, ec);
      auto b = std::filesystem::weakly_canonical(*paths[j].second, ec);
      if (a == b)
        throw InvalidArgument(std::string(paths[i].first) + " = " + *paths[i].second + " (expected a different file from " +
                              paths[j].first + ")");
    }
  }
  if (!o.png.empty()) check_image_scale(width, height, o.scale, "--scale");
}

void write_outputs(const Dungeon& d, const OutputOptions& o, std::ostream& out) {
  if (!o.any()) {
    out << write_ascii(d);
    return;
  }
  // Render everything first: a rendering error must not leave some files written.
  std::string png, json, txt;
  if (!o.png.empty()) png = encode_png(render_preview(d, {o.scale}));
  if (!o.json.empty()) json = write_json_map(d);
  if (!o.txt.empty()) txt = write_ascii(d);
  OutputBatch batch;
  if (!o.png.empty()) batch.stage(o.png, png);
  if (!o.json.empty()) batch.stage(o.json, json);
  if (!o.txt.empty()) batch.stage(o.txt, txt);
  batch.commit();
}

}  // namespace catacomb::cli
