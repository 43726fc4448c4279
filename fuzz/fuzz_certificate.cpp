// Certificates on any bytes. The input is a map (any format parse_map reads) and a certificate,
// split at the first NUL byte (seeds: a generated map with locks, NUL, the certificate
// `catacomb validate --certificate` wrote for it). verify_certificate gives a verdict or
// InvalidArgument, never anything else; a certificate it accepts under the map's own rules means
// the solver finds the map completable under them; and for a map validate passes whose solver
// completes it (what `validate --certificate` writes a certificate for), the certificate written
// from its walkthrough is accepted (write -> verify round trip). A certificate whose unlosable
// states verify accepts under the map's own rules is one of a map the proof does not find
// losable, and the certificate written for a map proven unlosable proves it (Verdict::unlosable).
#include <cstring>

#include <catacomb/core/error.hpp>
#include <catacomb/io/certificate.hpp>
#include <catacomb/io/map_file.hpp>
#include <catacomb/validate/validate.hpp>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace catacomb;
  const std::string_view text = fuzz::as_text(data, size);
  const size_t nul = text.find('\0');
  if (nul == std::string_view::npos) return 0;
  Dungeon d;
  ValidateOptions rules;
  try {
    d = parse_map(text.substr(0, nul));
    rules = map_rules(d);
  } catch (const InvalidArgument&) { return 0; }
  if (int64_t{d.tiles.width()} * d.tiles.height() > 4096) return 0;  // keep each run fast
  const std::string_view cert = text.substr(nul + 1);
  bool accepted = false, unlosable = false;
  try {
    const Verdict own = verify_certificate(d, cert, rules, 20000);
    accepted = own.accepted;
    unlosable = own.accepted && own.unlosable;
    verify_certificate(d, cert, std::nullopt, 20000);  // the certificate's own rules
  } catch (const InvalidArgument&) {}
  rules.max_states = 100000;
  const ValidationReport report = validate_dungeon(d, rules);
  if (!report.solution) fuzz::fail("validate with solve gives a solution");
  const SolveStatus status = report.solution->status;
  if (accepted) fuzz::check(status != SolveStatus::NotCompletable, "an accepted certificate's map is completable");
  if (unlosable)
    fuzz::check(report.solution->loss != LossStatus::Losable,
                "a map whose unlosable states are accepted is not losable");
  if (report.valid && status == SolveStatus::Completable) {
    const Verdict v = verify_certificate(d, write_certificate(d, *report.solution, rules), rules);
    if (!v.accepted)
      std::fprintf(stderr, "step %d, state %lld: %s\n", v.step, static_cast<long long>(v.state), v.reason.c_str());
    fuzz::check(v.accepted, "the certificate of the solver's walkthrough is accepted");
    if (report.solution->loss == LossStatus::Unlosable &&
        reachable_states(d, solve_options(rules)).status == LossStatus::Unlosable)
      fuzz::check(v.unlosable, "the certificate of a map proven unlosable proves it");
  }
  return 0;
}
