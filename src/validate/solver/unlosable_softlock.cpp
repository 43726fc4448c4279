// The report of a softlock the proof found (see unlosable.cpp): the moves of play into it walked
// on the grid, one step per event (an objective taken, a door opened, a one-way door passed, a
// switch toggled), each a breadth-first route through the cells of the nodes the moves crossed
// since the step before, and one sentence naming the last move.
#include "validate/solver/unlosable_model.hpp"

namespace catacomb::solving::loss {
namespace {

std::string name_of(const Model& m, int n) {
  const Node& node = m.nodes_[static_cast<size_t>(n)];
  switch (node.kind) {
    case Kind::Lock: return locked_door_name(node.lock, node.pos);
    case Kind::Gate: return gate_name(m.d_.doors[static_cast<size_t>(node.door)]);
    case Kind::OneWay: return one_way_door_name(m.d_.doors[static_cast<size_t>(node.door)]);
    case Kind::Secret: return "secret door at " + to_string(node.pos);
    case Kind::Cell: return "the cell " + to_string(node.pos);
    case Kind::Area: break;
  }
  return "the area at " + to_string(node.pos);
}

// The walk of the moves into a softlock on the grid: one step per event (an objective taken, a
// door opened, a one-way door passed, a switch toggled), each a breadth-first route through the
// cells of the nodes the moves crossed since the step before.
class Walk {
 public:
  explicit Walk(const Model& m) : m_(m), in_chain_(m.nodes_.size(), 0) {
    pos_ = m.nodes_[static_cast<size_t>(m.start_)].pos;
    taken_ = m.nodes_[static_cast<size_t>(m.start_)].takes;
    chain_.push_back(m.start_);
  }
  void move(const Move& mv) {
    const Node& t = m_.nodes_[static_cast<size_t>(mv.node)];
    if (mv.kind == MoveKind::Toggle) {
      push(StepKind::Toggle, t.pos, -1, 0);
      steps_.back().switch_id = mv.switch_id;
      return;
    }
    chain_.push_back(mv.node);
    if (mv.kind == MoveKind::Open) {
      push(StepKind::OpenDoor, t.pos, -1, t.lock);
      steps_.back().door = t.door;
    } else if (mv.kind == MoveKind::OneWay) {
      push(StepKind::OneWay, t.pos, -1, 0);
    } else if ((t.takes & ~taken_) != 0) {
      const int first = m_.take_objective_[static_cast<size_t>(std::countr_zero(t.takes & ~taken_))];
      const Objective& ob = m_.d_.objectives[static_cast<size_t>(first)];
      const bool key = ob.kind == ObjectiveKind::Key && ob.lock >= 1 && ob.lock <= kMaxLock;
      push(key ? StepKind::TakeKey : StepKind::Take, t.pos, first, key ? ob.lock : 0);
    }
    taken_ |= t.takes;
  }
  std::vector<WalkStep>& steps() { return steps_; }

 private:
  const Model& m_;
  std::unordered_map<size_t, size_t> prev_;  // per cell reached (row-major index): the cell before
  std::vector<uint8_t> in_chain_;
  std::vector<int> chain_;  // the nodes crossed since the last step
  Point pos_;
  uint64_t taken_ = 0;
  std::vector<WalkStep> steps_;

  void push(StepKind kind, Point target, int objective, int lock) {
    WalkStep st;
    st.kind = kind;
    st.objective = objective;
    st.lock = lock;
    st.target = target;
    st.route = route(target);
    for (size_t i = 1; i < st.route.size(); ++i) {
      const bool diagonal = st.route[i].x != st.route[i - 1].x && st.route[i].y != st.route[i - 1].y;
      st.cost += m_.o_.costs[m_.d_.tiles[st.route[i]]] * (diagonal ? m_.o_.moves.diagonal_cost : 1.0);
    }
    steps_.push_back(std::move(st));
    pos_ = target;
    chain_.assign(1, m_.node_[target]);
  }
  // A route from pos_ to target over the cells of the chain's nodes (breadth first, steps in
  // kDirections order: the same route on every machine).
  std::vector<Point> route(Point target) {
    for (int n : chain_) in_chain_[static_cast<size_t>(n)] = 1;
    const Grid<int32_t>& node = m_.node_;
    const size_t goal = node.index(target);
    std::vector<Point> queue{pos_};
    prev_.clear();
    prev_.emplace(node.index(pos_), node.index(pos_));
    for (size_t q = 0; q < queue.size() && !prev_.count(goal); ++q)
      for (int dir = 0; dir < 8; ++dir) {
        const Point n{queue[q].x + kDirections[dir].x, queue[q].y + kDirections[dir].y};
        if (!node.in_bounds(n) || node[n] < 0 || !in_chain_[static_cast<size_t>(node[n])] ||
            prev_.count(node.index(n)) || !m_.step(queue[q], dir))
          continue;
        prev_.emplace(node.index(n), node.index(queue[q]));
        queue.push_back(n);
      }
    std::vector<Point> path;
    if (prev_.count(goal))
      for (size_t c = goal;; c = prev_.at(c)) {
        path.push_back(node.point(c));
        if (c == node.index(pos_)) break;
      }
    std::reverse(path.begin(), path.end());
    if (path.empty()) path = {pos_, target};  // not reached (cannot happen on the model's links)
    for (int n : chain_) in_chain_[static_cast<size_t>(n)] = 0;
    return path;
  }
};

}  // namespace

Softlock report(const Model& m, const std::vector<Move>& moves) {
  Walk walk(m);
  for (const Move& mv : moves) walk.move(mv);
  Softlock sl;
  sl.steps = std::move(walk.steps());
  const Move& last = moves.back();
  std::string what;
  if (last.kind == MoveKind::Toggle) what = "toggling switch " + std::to_string(last.switch_id);
  else if (last.kind == MoveKind::Open) what = "opening " + name_of(m, last.node);
  else if (last.kind == MoveKind::OneWay) what = "passing " + name_of(m, last.node);
  else what = "walking into " + name_of(m, last.node);
  sl.message = "after " + what + " (" + std::to_string(moves.size()) + (moves.size() == 1 ? " move" : " moves") +
               " of play) the dungeon can no longer be completed" +
               (last.kind == MoveKind::OneWay                                   ? ": there is no way back"
                : last.kind == MoveKind::Open && m.rule_ == KeyRule::Consumable ? ": the keys it needs are spent"
                                                                                : "");
  return sl;
}

}  // namespace catacomb::solving::loss
