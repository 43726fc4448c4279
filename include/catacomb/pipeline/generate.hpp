#pragma once
/// The generation pipeline: terrain (caves or rooms), objectives, decoration, then validation.
/// A dungeon that fails validation is regenerated from a seed derived from (seed, attempt)
/// within a fixed attempt budget (never a time limit, so the outcome does not depend on the
/// machine); an exhausted budget is a GenerationError, never an invalid map.
#include <catacomb/export.hpp>
#include <cstdint>
#include <functional>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include <catacomb/core/dungeon.hpp>
#include <catacomb/core/threads.hpp>
#include <catacomb/generator/cave_regions.hpp>
#include <catacomb/generator/caves.hpp>
#include <catacomb/generator/corridors.hpp>
#include <catacomb/generator/decorate.hpp>
#include <catacomb/generator/locks.hpp>
#include <catacomb/generator/rooms.hpp>
#include <catacomb/generator/template_layout.hpp>
#include <catacomb/core/room_templates.hpp>
#include <catacomb/pathing/moves.hpp>
#include <catacomb/platformer/level_check.hpp>
#include <catacomb/platformer/level_generator.hpp>
#include <catacomb/platformer/movement_model.hpp>
#include <catacomb/validate/validate.hpp>

CATACOMB_PUBLIC_BEGIN
namespace catacomb {

/// Which terrain generator makes the map.
enum class GeneratorKind : uint8_t {
  Rooms,       ///< rectangular rooms joined by corridors
  Caves,       ///< cellular-automaton caves
  Platformer,  ///< side-view levels: a grid of rooms with platforms and ladders (platformer/level_generator.hpp)
};
/// "rooms", "caves", "platformer" (the names used in JSON configs, on the command line and in a dungeon's
/// `generator`).
std::string_view generator_kind_name(GeneratorKind g);
/// Parses a generator name; throws InvalidArgument "<field> = <name> (expected rooms, caves or
/// platformer)" otherwise.
GeneratorKind parse_generator_kind(std::string_view name, const std::string& field = "generator");

/// Everything generate_dungeon needs besides the seed: the generator, the map size, each
/// stage's parameters, the rules the dungeon is validated under. The same config and seed give
/// the same dungeon. Field names match the CLI's flags (`room_count` is --room-count).
struct GenerateConfig {
  /// The terrain generator; recorded in the dungeon as its name ("rooms", "caves").
  GeneratorKind generator = GeneratorKind::Rooms;
  /// Map size, for every generator (the nested configs have none). With a mission (rooms
  /// generator), 0 asks for a width chosen from the mission and the templates (map_size(),
  /// mission_map_size); the dungeon's recipe records the width chosen.
  /// [Limit: rooms kMinRoomsSide (16) to kMaxSide, or 0 with a mission; caves kMinCaveSide (3) to
  /// kMaxSide] [Units: cells]
  int width = 80;
  /// Map height, as width (0 with a mission: chosen from it). [Limit: as width] [Units: cells]
  int height = 50;

  CaveConfig caves;               ///< caves only
  CaveRegionConfig cave_regions;  ///< caves only
  RoomLayoutConfig rooms;         ///< rooms only
  /// Share of the non-tree candidate edges added as loops. [Limit: 0 to 1]
  double loop_fraction = 0.125;
  DigCosts dig;                 ///< rooms only: corridor router costs
  PlatformerConfig platformer;  ///< platformer only: the room grid and its furniture
  /// platformer only: the movement model the level is made and checked for; recorded in the
  /// dungeon's params ("movement": "platformer", jump_height, ...).
  MovementModel movement;

  /// rooms only: room templates to build the dungeon from instead of random rectangles
  /// (generator/template_layout.hpp); null for none. Recorded in the params by the set's name and
  /// hash. The rooms are then room_count templates (without a mission), joined under `dig`
  /// (width 1), with objectives on their spots and no decoration (the designer paints it).
  std::shared_ptr<const TemplateSet> templates;
  /// With templates: only those tagged with this theme ("" = all). Recorded when set.
  std::string theme;
  /// rooms only: the mission graph to lay out (core/mission.hpp); null or empty for none. Each
  /// node becomes a room (a template of its type, or a generated rectangle without templates),
  /// each edge a corridor with its door; its locks replace `locks` (which must be 0). Recorded in
  /// the dungeon (Dungeon::mission) and by name in the params.
  std::shared_ptr<const Mission> mission;

  /// Further objectives besides start and exit (keys and treasure). [Limit: 0 to 9]
  int objectives = 3;
  /// Locked doors, 0 to kMaxLock: lock i sits on a cell that separates the start from the exit
  /// (rooms: a door of a corridor that is a bridge of the room graph; caves: a chokepoint cell,
  /// made a door), in order along the way, with key i in the area before door i; the exit lies
  /// behind the last. 0 leaves the dungeon exactly as it was before locks existed.
  /// [Limit: 0 to 9]
  int locks = 0;
  /// How keys open doors; recorded in the dungeon (only with locks).
  KeyRule key_rule = KeyRule::Reusable;
  /// rooms and caves: how the locks are laid out (generator/locks.hpp): a chain (the default,
  /// today's dungeons byte for byte), a tree (keys in side areas, behind locks of their own) or
  /// cycles (a loop round each lock, its key at the end of the other way). Recorded in the params
  /// when not chain.
  LockLayout lock_layout = LockLayout::Chain;
  /// cycles only: the passage that closes each loop ends in a one-way door back from the far side
  /// (the way back; the lock cannot be bypassed) instead of a second locked door of the same lock.
  /// Recorded in the params when set.
  bool cycle_one_way = false;
  /// Keep a dungeon a player can lose (validate's allow_softlocks): off, an attempt whose
  /// dungeon has a softlock, or is not proven free of one, fails with that reason and the next
  /// is tried. Recorded in the params when set.
  bool allow_softlocks = false;
  /// Switches, each with a gate on a cell that separates the start from the exit and the switch
  /// where the player gets before it (generator/progression_doors.hpp: place_switches), placed
  /// after the locks. Rooms and caves, not with a mission. Recorded in the params only when set:
  /// 0 leaves the dungeon exactly as it was before switches existed. [Limit: 0 to kMaxSwitch (9)]
  int switches = 0;
  /// One-way doors, each a drop through a thin wall from a far part of an area back towards the
  /// start (place_one_way_doors), placed after the switches. Rooms and caves, not with a mission;
  /// recorded only when set. [Limit: 0 to 9]
  int one_way = 0;
  /// Secret doors, each a shortcut through a thin wall that the proof never needs
  /// (place_secret_doors), placed after the one-way doors. Rooms and caves, not with a mission;
  /// recorded only when set. [Limit: 0 to 9]
  int secret_doors = 0;
  /// Water and vegetation (rooms and caves).
  DecorConfig decor;
  /// Cost table preset the dungeon is validated under; recorded in the params by name.
  CostPreset costs = CostPreset::Dungeon;
  /// Water cannot be crossed (deep water): pools are then checked not to cut objectives off.
  bool deep_water = false;
  /// The game's own costs (and passability) over the preset: each terrain set here costs this
  /// instead (CostTable::kImpassable: never entered). Objectives, decoration, locks and
  /// validation all run under the result (cost_table()), so the dungeon is valid under the
  /// game's rules, and the recipe records it as params "cost" (cost_overrides_text) after
  /// "deep_water", which recorded_rules reads back. Rooms and caves only; wall must stay
  /// impassable and floor, corridor and door passable (the generators carve them). Empty (the
  /// default) records nothing: the dungeon is the same as without the field.
  CostOverrides cost;
  /// How the player moves, for objective placement and validation.
  Moves moves;
  /// Attempts before giving up. [Limit: 1 to 1000]
  int max_attempts = 20;
  /// The result's report keeps validation's region and distance maps (ValidateOptions::keep_maps:
  /// 12 more bytes per cell), for overlays drawn without validating again. Not part of the recipe:
  /// the dungeon is the same either way.
  bool keep_maps = false;
  /// Threads one map's generation may use, the caller's included. With 2 or more, the floods of
  /// a map of 1M cells or more run on two threads (cave objective placement, validation; see
  /// ValidateOptions::threads). Not part of the recipe: the dungeon is the same for any number.
  /// [Default: 1] [Limit: 1 to kMaxThreads (256)]
  int threads = 1;
  /// Asked before each attempt but the first: true stops generation there, with GenerationError
  /// naming the attempts spent (the CLI's --time-limit asks the clock; the library reads none). Not part of
  /// the recipe: a dungeon that is made is the same with or without it.
  std::function<bool()> stop;
  /// Templates with a mission: when every attempt fails, throw PartialLayoutError with the best
  /// partial layout (the attempt that placed the most rooms, with the corridors between them that
  /// route). Not part of the recipe.
  bool keep_partial = false;

  /// Every bad field ({"<field>", "<value>", "<expected>"}), nested configs included, and with a
  /// mission mission_fit_problems(); empty when valid.
  std::vector<FieldProblem> problems() const;
  /// With templates and a mission (part of problems()): what rules the mission out whatever the
  /// seed, with the set as the theme leaves it: every node no template may stand for or with more
  /// edges than its templates have sockets (mission_layout_problems), and a map (map_size()) too
  /// small for the rooms' area ({"map size", "80x50", "at least 97x97 or as many cells: ..."}).
  std::vector<FieldProblem> mission_fit_problems() const;
  /// The map size generated, {width, height}: as given, but with a mission and a side of 0, that
  /// side chosen by mission_map_size (from the set as the theme leaves it).
  std::pair<int, int> map_size() const;
  /// The problems of `cost` alone (part of problems()): a table that the generator cannot make a
  /// valid map under.
  std::vector<FieldProblem> cost_problems() const;
  /// Throws InvalidArgument listing every problem.
  void check() const;
  /// The cost table the dungeon is made and validated under (preset, with deep_water, then
  /// `cost`, applied).
  CostTable cost_table() const;
  /// The recipe, as recorded in the dungeon's params (only the active generator's fields).
  Params params() const;
};

/// What generate_dungeon returns: the valid dungeon, its validation report and what each stage
/// did.
struct GenerateResult {
  Dungeon dungeon;          ///< valid; dungeon.attempts says how many attempts it took
  ValidationReport report;  ///< the validation it passed
  int dropped_rooms = 0;    ///< rooms: dropped by perturbation
  CarveStats corridors;     ///< rooms: corridor carving
  CaveRegionStats cave;     ///< caves: region handling
  /// decoration (rooms and caves)
  DecorStats decor;
  std::vector<std::string> failures;  ///< why each failed attempt failed, in order
  /// platformer: the repairs made to the level that was kept ("ladder at column 12, ...").
  std::vector<std::string> repairs;
  /// platformer: the side-view check it passed (strict: no softlocks). `report` then holds the
  /// top-down view's report (the map's open cells, for batch statistics).
  PlatformerReport platformer_report;
};

/// GenerationError of a mission layout asked for its best partial layout
/// (GenerateConfig::keep_partial).
class PartialLayoutError : public GenerationError {
 public:
  /// `message` as GenerationError's; `partial` the best attempt's layout, `summary` what it holds.
  PartialLayoutError(const std::string& message, std::shared_ptr<const Dungeon> partial, std::string summary)
      : GenerationError(message), partial_(std::move(partial)), summary_(std::move(summary)) {}
  /// The layout: its rooms (labelled with their nodes) and the corridors that routed; no
  /// objectives, not valid.
  const Dungeon& partial() const noexcept { return *partial_; }
  /// "attempt 3: 57 of 100 rooms, 51 of 103 passages".
  const std::string& summary() const noexcept { return summary_; }

 private:
  std::shared_ptr<const Dungeon> partial_;
  std::string summary_;
};

/// Seed of attempt k (k = 0 is `seed` itself).
uint64_t attempt_seed(uint64_t seed, int attempt);

/// The stages of one generation attempt, in the order they run.
enum class GenerateStage {
  Terrain,     ///< caves: random fill and smoothing; rooms: layout and room graph; platformer: the
               ///< room grid, its furniture and objectives
  Connection,  ///< caves: region labelling, filling and tunnels; rooms: carving the corridors;
               ///< platformer: the strict side-view check and its ladder repairs
  Objectives,  ///< start, exit and further objectives (rooms and caves)
  Decoration,  ///< water and vegetation, then locks and keys when asked (rooms and caves)
  Validation,  ///< the independent validator
  Done,        ///< the attempt is over (valid or not)
};
/// "terrain", "connection", "objectives", "decoration", "validation", "done".
std::string_view generate_stage_name(GenerateStage s);

/// Called as each stage begins (and with Done after each attempt), for a caller who wants to
/// time the stages: the library itself reads no clock. It must not throw.
using StageHook = std::function<void(GenerateStage)>;

/// The validation options a dungeon of `config` is checked under: its cost table and moves (and
/// whether the report keeps its maps).
ValidateOptions validate_options_for(const GenerateConfig& config);

/// Generates a valid dungeon. Throws InvalidArgument for a bad config and GenerationError when
/// every attempt failed. `on_stage`, when set, is told each stage as it begins.
GenerateResult generate_dungeon(const GenerateConfig& config, uint64_t seed, const StageHook& on_stage = {});

/// generate_dungeon with a time limit: the attempts stop once `limit_ms` milliseconds (1 or
/// more; 0 means none) have passed on the steady clock, asked between attempts through
/// GenerateConfig::stop (a `stop` the config already has is asked too). A dungeon it returns is
/// generate_dungeon's for the seed, byte for byte: the clock decides only whether it gives up,
/// never what a map holds. When it gives up for the time, the GenerationError (or
/// PartialLayoutError, with its partial layout) says "time limit of N ms reached: " and why the
/// attempts failed. Throws InvalidArgument for a negative limit or a bad config.
GenerateResult generate_dungeon_within(const GenerateConfig& config, uint64_t seed, int64_t limit_ms,
                                       const StageHook& on_stage = {});

/// What one seed of a batch gave (generate_batch).
struct BatchItem {
  uint64_t seed = 0;                     ///< the seed
  std::optional<GenerateResult> result;  ///< the dungeon and its report; empty when the seed failed
  std::string failure;                   ///< why it failed (the GenerationError's message); empty when not
  bool out_of_memory = false;            ///< it failed for want of memory (failure says so too)
  std::exception_ptr error;              ///< any other exception the seed threw; null when none
};

/// Called with each seed's outcome: `index` into the seeds given, each index exactly once, from
/// the batch's threads (several at a time, in no fixed order: guard what it shares). It must not
/// throw.
using BatchSink = std::function<void(size_t index, BatchItem&& item)>;

/// Generates every seed of `seeds` on `threads` threads (1 to kMaxThreads; never more than there
/// are seeds), each exactly as generate_dungeon(config, seed) with config.threads = 1, so a seed's
/// outcome does not depend on the thread count or the other seeds. A seed without a valid dungeon
/// is not an error: its item says why. Throws InvalidArgument for a bad config or thread count
/// before generating anything. Returns how many seeds gave a dungeon.
size_t generate_batch(const GenerateConfig& config, std::span<const uint64_t> seeds, int threads,
                      const BatchSink& take);

/// Most shards a batch may be split into.
inline constexpr int kMaxBatchShards = 1'000'000;

/// Shard K of N (1-based) of a batch split across processes or machines: each runs one shard
/// (shard_seeds), and the shards' outcomes put together in K order are the unsplit batch's.
struct BatchShard {
  /// K. [Limit: 1 to count]
  int index = 1;
  /// N. [Limit: 1 to kMaxBatchShards]
  int count = 1;
  /// Throws InvalidArgument "shard = K/N (expected ...)" unless 1 <= K <= N <= kMaxBatchShards.
  void check() const;
};

/// Reads "K/N" (a build farm's job index and job count, e.g. "2/8"); throws InvalidArgument
/// "<field> = <text> (expected K/N with 1 <= K <= N <= 1000000, e.g. 1/4)".
BatchShard parse_batch_shard(std::string_view text, std::string_view field = "shard");

/// The positions of one shard among a batch's seeds: [first, first + count).
struct ShardRange {
  uint64_t first = 0;  ///< the shard's first position (0-based)
  uint64_t count = 0;  ///< how many positions it holds (0 for an empty shard)
};

/// The positions of shard K/N among `total` seeds: the contiguous block from floor((K-1) total /
/// N) to floor(K total / N), so shards 1..N in order hold every position exactly once, in order,
/// and their sizes differ by at most one (a shard is empty when N > total). Depends on nothing
/// but its arguments: every machine computes the same split. Throws InvalidArgument for a bad
/// shard.
ShardRange shard_range(uint64_t total, const BatchShard& shard);

/// The seeds of shard K/N of `seeds` (shard_range): a view into `seeds`. Running
/// generate_batch on each shard gives, shard after shard, what one generate_batch of `seeds`
/// gives, whatever N. Throws InvalidArgument for a bad shard.
std::span<const uint64_t> shard_seeds(std::span<const uint64_t> seeds, const BatchShard& shard);

}  // namespace catacomb
CATACOMB_PUBLIC_END
