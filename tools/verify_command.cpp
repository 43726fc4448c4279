// catacomb verify: replay a completability certificate on its map, with no search.
#include <ostream>

#include <catacomb/core/error.hpp>
#include <catacomb/core/atomic_file.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/json_map.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/validate/validate.hpp>
#include "tools/cli.hpp"
#include "tools/command.hpp"

namespace catacomb::cli {
namespace {

class VerifyCommand : public Command {
 public:
  explicit VerifyCommand(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("verify", "Check a completability certificate by replaying it");
    sub->footer(
        "Examples:\n"
        "  catacomb validate level.json --certificate level.cert.json && catacomb verify level.json level.cert.json\n"
        "Replays every step of CERT on MAP: each move to a neighbouring passable cell, diagonals as the rules\n"
        "allow (a closed locked door blocks a corner), locked doors entered only with their key held, every\n"
        "objective visited, the exit reached, under the map's own rules. A certificate of a dungeon proven\n"
        "unlosable also lists every state a player can reach, each with a way on to the end: verify checks\n"
        "that no reachable state is left out and that each state's way on is legal and ends (no search).\n"
        "Exit codes: 0 accepted, 1 rejected (the step or state and the reason), 2 bad input (also more states\n"
        "than --max-states), 3 I/O error.\n");
    sub->add_option("MAP", map_path_, "The map (.json or .txt)")->required();
    sub->add_option("CERT", cert_path_, "The certificate (from validate --certificate)")->required();
    sub->add_flag("--certificate-rules", certificate_rules_,
                  "Accept the rules the certificate states instead of requiring the map's own");
    sub->add_flag("--unlosable", unlosable_,
                  "Require the proof that the dungeon cannot be lost (the certificate's unlosable states)");
    sub->add_option("--max-states", max_states_, "Refuse a certificate listing more states than this (at least 1)")
        ->default_val(kDefaultMaxSolverStates)
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  }

  int run(std::ostream& out, std::ostream&) override {
    const MapFile file = load_map_file(map_path_);  // bounded, with a JSON legend's own costs
    const Dungeon& d = file.dungeon;
    std::optional<ValidateOptions> own;
    if (!certificate_rules_) own = map_rules(d, file.legend_costs);
    Verdict v;
    try {
      v = verify_certificate(d, read_file(cert_path_), own, max_states_);
    } catch (const InvalidArgument& e) { throw InvalidArgument(cert_path_ + ": " + e.what()); }
    if (v.accepted && unlosable_ && !v.unlosable) {
      out << cert_path_ << ": REJECTED: it proves the dungeon can be completed but not that it cannot be lost (no "
          << "unlosable states: the map was not proven unlosable when the certificate was written)\n";
      return kExitFailed;
    }
    if (v.accepted) {
      out << cert_path_ << ": accepted (" << v.summary << ")\n";
      return kExitOk;
    }
    out << cert_path_ << ": REJECTED at "
        << (v.step > 0     ? "step " + std::to_string(v.step)
            : v.state >= 0 ? "unlosable state " + std::to_string(v.state)
                           : std::string("the end"))
        << ": " << v.reason << "\n";
    return kExitFailed;
  }

 private:
  std::string map_path_, cert_path_;
  bool certificate_rules_ = false, unlosable_ = false;
  int64_t max_states_ = kDefaultMaxSolverStates;
};

}  // namespace

std::unique_ptr<Command> add_verify_command(CLI::App& app) { return std::make_unique<VerifyCommand>(app); }

}  // namespace catacomb::cli
