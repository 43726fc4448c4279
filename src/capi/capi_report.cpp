// The C API's validation reports: valid or not, every problem with its kind and objective, and
// the solver's walkthrough step by step.
#include "capi_internal.hpp"

using namespace catacomb;
using namespace catacomb::capi;

namespace {

// Walkthrough step `index` of the report, or InvalidArgument naming the index.
const WalkStep& step_of(const catacomb_report* report, int index) {
  need(report, "report", "a report handle");
  const int n = report->report.solution ? static_cast<int>(report->report.solution->walkthrough.size()) : 0;
  if (n == 0)
    throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a step, but the walkthrough has none"});
  need_range("index", index, 0, n - 1);
  return report->report.solution->walkthrough[static_cast<size_t>(index)];
}

}  // namespace

extern "C" {

catacomb_report* catacomb_report_new(const catacomb_dungeon* dungeon) {
  return guarded<catacomb_report*>(nullptr, [&] {
    need(dungeon, "dungeon", "a dungeon handle");
    auto h = std::make_unique<catacomb_report>();
    ValidateOptions o = dungeon->options;
    o.solve = true;
    h->report = validate_dungeon(dungeon->dungeon, o);
    return h.release();
  });
}

void catacomb_report_free(catacomb_report* report) { delete report; }

int catacomb_report_valid(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return report->report.valid ? 1 : 0;
  });
}

int catacomb_report_problem_count(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return static_cast<int>(report->report.problems.size());
  });
}

const char* catacomb_report_problem(const catacomb_report* report, int index, const char** kind, int* objective) {
  return guarded<const char*>(nullptr, [&] {
    need(report, "report", "a report handle");
    const std::vector<Problem>& problems = report->report.problems;
    if (problems.empty())
      throw InvalidArgument(FieldProblem{"index", std::to_string(index), "a problem, but the report has none"});
    need_range("index", index, 0, static_cast<int>(problems.size()) - 1);
    const Problem& p = problems[static_cast<size_t>(index)];
    if (kind) *kind = problem_kind_name(p.kind).data();
    if (objective) *objective = p.objective;
    return p.message.c_str();
  });
}

int catacomb_report_step_count(const catacomb_report* report) {
  return guarded<int>(-1, [&] {
    need(report, "report", "a report handle");
    return report->report.solution ? static_cast<int>(report->report.solution->walkthrough.size()) : 0;
  });
}

int catacomb_report_step(const catacomb_report* report, int index, const char** kind, int* x, int* y, int* lock,
                         int* moves, double* cost) {
  return guarded<int>(-1, [&] {
    const WalkStep& s = step_of(report, index);
    if (kind) *kind = step_kind_name(s.kind).data();
    if (x) *x = s.target.x;
    if (y) *y = s.target.y;
    if (lock) *lock = s.lock;
    if (moves) *moves = s.route.empty() ? 0 : static_cast<int>(s.route.size() - 1);
    if (cost) *cost = s.cost;
    return 0;
  });
}

int catacomb_report_step_switch(const catacomb_report* report, int index) {
  return guarded<int>(-1, [&] { return step_of(report, index).switch_id; });
}

int catacomb_report_step_route(const catacomb_report* report, int index, int* out_xy, int capacity) {
  return guarded<int>(-1, [&] {
    const WalkStep& s = step_of(report, index);
    if (capacity < 0) throw InvalidArgument("capacity = " + std::to_string(capacity) + " (expected 0 or more)");
    if (capacity > 0) need(out_xy, "out_xy", "room for capacity cells");
    const size_t n = std::min(s.route.size(), static_cast<size_t>(capacity));
    for (size_t i = 0; i < n; ++i) {
      out_xy[2 * i] = s.route[i].x;
      out_xy[2 * i + 1] = s.route[i].y;
    }
    return static_cast<int>(s.route.size());
  });
}

}  // extern "C"
