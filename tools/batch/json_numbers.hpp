#pragma once
// Whole numbers read back from the JSON a batch wrote (its rows and summary.json), checked.
// nlohmann's get<int>() converts a float or an integer out of the type's range without a check
// (a float past the range is undefined behaviour): `whole` takes only an integer of JSON that
// fits T, and throws BadNumber otherwise, which the readers turn into a refusal.
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace catacomb::cli {

struct BadNumber : std::runtime_error {
  BadNumber() : std::runtime_error("not a whole number in range") {}
};

template <typename T, typename J>
T whole(const J& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.template get<uint64_t>();
    if (std::in_range<T>(u)) return static_cast<T>(u);
  } else if (v.is_number_integer()) {
    const auto i = v.template get<int64_t>();
    if (std::in_range<T>(i)) return static_cast<T>(i);
  }
  throw BadNumber();
}

}  // namespace catacomb::cli
