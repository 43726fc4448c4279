// The C API's certificates: catacomb_certificate writes what `catacomb validate --certificate`
// writes for the dungeon, catacomb_verify replays one as `catacomb verify` does (io/verify.cpp,
// which shares no code with the solver).
#include "capi_internal.hpp"

#include <catacomb/io/certificate.hpp>

using namespace catacomb;
using namespace catacomb::capi;

extern "C" {

char* catacomb_certificate(const catacomb_dungeon* dungeon) {
  return guarded<char*>(nullptr, [&]() -> char* {
    need(dungeon, "dungeon", "a dungeon handle");
    ValidateOptions o = dungeon->options;
    o.solve = true;
    const ValidationReport r = validate_dungeon(dungeon->dungeon, o);
    if (!r.valid || !r.solution) {
      const std::string why = r.problems.empty() ? "the dungeon cannot be finished" : r.problems.front().message;
      set_error(("no certificate: " + why).c_str(), CATACOMB_NOT_COMPLETABLE);
      return nullptr;
    }
    return copy_string(write_certificate(dungeon->dungeon, *r.solution, o));
  });
}

int catacomb_verify(const catacomb_dungeon* dungeon, const char* certificate, int* unlosable) {
  if (unlosable) *unlosable = 0;
  return guarded<int>(-1, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    need(certificate, "certificate", "the certificate's JSON text");
    const Verdict v = verify_certificate(dungeon->dungeon, certificate, dungeon->options);
    if (!v.accepted) {
      // The words of `catacomb verify`.
      const std::string where = v.step > 0     ? "step " + std::to_string(v.step)
                                : v.state >= 0 ? "unlosable state " + std::to_string(v.state)
                                               : std::string("the end");
      set_error(("REJECTED at " + where + ": " + v.reason).c_str(), CATACOMB_REJECTED);
      return 0;
    }
    if (unlosable) *unlosable = v.unlosable ? 1 : 0;
    return 1;
  });
}

}  // extern "C"
