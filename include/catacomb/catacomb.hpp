#pragma once
/// catacomb: seeded procedural dungeons, proven playable. The whole public C++ API in one include.
///
///   #include <catacomb/catacomb.hpp>
///   catacomb::GenerateConfig config;             // an 80x50 rooms dungeon
///   auto result = catacomb::generate_dungeon(config, 7);
///   auto report = catacomb::validate_dungeon(result.dungeon);   // report.valid
///
/// Every header can also be included on its own (<catacomb/pathing/search.hpp>, ...). The C API
/// is <catacomb/catacomb.h>.
#include <catacomb/version.hpp>

#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/error.hpp>
#include <catacomb/core/format.hpp>
#include <catacomb/core/geometry.hpp>
#include <catacomb/core/grid.hpp>
#include <catacomb/core/mission.hpp>
#include <catacomb/core/room_templates.hpp>
#include <catacomb/core/player_state.hpp>
#include <catacomb/core/rng.hpp>
#include <catacomb/core/terrain.hpp>
#include <catacomb/core/threads.hpp>

#include <catacomb/pathing/distance_map.hpp>
#include <catacomb/pathing/fov.hpp>
#include <catacomb/pathing/graph_search.hpp>
#include <catacomb/pathing/jps.hpp>
#include <catacomb/pathing/map_rules.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/pathing/navigator.hpp>
#include <catacomb/pathing/path_smoothing.hpp>
#include <catacomb/pathing/player_path.hpp>
#include <catacomb/pathing/regions.hpp>
#include <catacomb/pathing/search.hpp>

#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/move_rules.hpp>
#include <catacomb/platformer/movement_model.hpp>
#include <catacomb/platformer/nav_graph.hpp>
#include <catacomb/platformer/side_view.hpp>
#include <catacomb/platformer/solver.hpp>

#include <catacomb/generator/cave_regions.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/decorate.hpp>
#include <catacomb/generator/locks.hpp>
#include <catacomb/generator/objectives.hpp>
#include <catacomb/pipeline/generate.hpp>
#include <catacomb/generator/room_graph.hpp>
#include <catacomb/generator/rooms.hpp>
#include <catacomb/generator/template_layout.hpp>

#include <catacomb/validate/analysis.hpp>
#include <catacomb/validate/mission_check.hpp>
#include <catacomb/validate/room_graph.hpp>
#include <catacomb/validate/validate.hpp>

#include <catacomb/render/annotate.hpp>
#include <catacomb/io/ascii.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/config_json.hpp>
#include <catacomb/io/game_formats.hpp>
#include <catacomb/render/contact_sheet.hpp>
#include <catacomb/render/image.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/io/mission_json.hpp>
#include <catacomb/io/movingai.hpp>
#include <catacomb/render/overlay.hpp>
#include <catacomb/render/platformer_image.hpp>
#include <catacomb/io/tiled.hpp>
#include <catacomb/io/tiled_read.hpp>
#include <catacomb/io/template_set.hpp>
