"""PlayerState and Navigator (issue #49): the player's steps (keys picked up and spent under the
consumable key rule, switches toggled, doors opened) and the navigator's routes against the
library's key-aware find_path (Dungeon.path) with the same state, on many seeds."""
import pickle

import pytest

import catacomb

SEEDS = range(1, 41)


def targets(d):
    """The start, then every other objective's cell."""
    cells = [(o.x, o.y) for o in d.objectives]
    return cells[0], cells[1:]


def states(d):
    """No key and every switch off; every key; every key with each switch on in turn."""
    out = [catacomb.PlayerState(), catacomb.PlayerState.all_keys(d)]
    for switch in sorted({g.switch for g in d.doors if g.kind == "gate"}):
        out.append(catacomb.PlayerState.all_keys(d).set_switch(switch))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_navigator_costs_what_path_costs_with_the_same_state(seed):
    d = catacomb.generate(seed, locks=2, switches=1 if seed % 2 else 0)
    start, goals = targets(d)
    nav = d.navigator()
    for state in states(d):
        nav.set_state(state)
        for goal in goals:
            a, b = nav.find_path(start, goal), d.path(start, goal, state=state)
            assert a.status == b.status, (seed, state, goal)
            if a.status == "found":
                assert a.cost == pytest.approx(b.cost, rel=1e-12), (seed, state, goal)
                assert a.path[0].tolist() == list(start) and a.path[-1].tolist() == list(goal)
                assert {tuple(lk) for lk in a.doors_opened} == {tuple(lk) for lk in b.doors_opened}


def test_a_navigator_built_for_a_state_equals_one_set_to_it():
    d = catacomb.generate(1, locks=2)
    start, exit_ = d.find("start"), d.find("exit")
    held = catacomb.PlayerState(keys=[1, 2])
    built, reset = catacomb.Navigator(d, held), d.navigator()
    reset.set_state(held)
    assert built.find_path(start, exit_).cost == reset.find_path(start, exit_).cost
    assert d.navigator().find_path(start, exit_).status == "no-path"  # both doors locked
    assert built.stats()["doors"] == 2 and built.stats()["landmarks"] > 0 and built.width == d.width


def test_set_door_opens_and_closes_one_door_whatever_the_state():
    d = catacomb.generate(1, locks=2)
    start, exit_ = d.find("start"), d.find("exit")
    nav = d.navigator()
    for lock in d.locks:
        assert not nav.door_open((lock.x, lock.y))
        nav.set_door((lock.x, lock.y), True)
    assert nav.find_path(start, exit_).cost == pytest.approx(d.path(start, exit_, keys="all").cost)
    nav.set_door((d.locks[0].x, d.locks[0].y), False)
    assert nav.find_path(start, exit_).status == "no-path"
    with pytest.raises(ValueError, match="door"):
        nav.set_door(start, True)
    with pytest.raises(ValueError, match="start = "):
        nav.find_path((999, 0), exit_)


def test_a_navigator_refuses_one_way_and_secret_doors_and_bad_states():
    d = catacomb.generate(1, locks=2, switches=1, one_way=1, secret_doors=1)
    with pytest.raises(ValueError, match="one-way|secret"):
        d.navigator()
    plain = catacomb.generate(1, locks=2)
    with pytest.raises(ValueError, match="opened"):
        plain.navigator(catacomb.PlayerState(opened=[(0, 0)]))


def test_keys_are_picked_up_and_spent_under_the_consumable_rule():
    for seed in SEEDS:
        d = catacomb.generate(seed, locks=2, key_rule="consumable")
        if len(d.locks) == 2:
            break
    assert d.key_rule == "consumable"
    start, exit_ = d.find("start"), d.find("exit")
    s = catacomb.PlayerState()
    assert d.path(start, exit_, state=s).status == "no-path"
    for o in d.objectives:
        if o.kind == "key":
            assert s.pick_up(d, (o.x, o.y)) == o.lock
    assert sum(s.keys.values()) == len([o for o in d.objectives if o.kind == "key" and o.lock])
    before = dict(s.keys)
    p = d.path(start, exit_, state=s)
    assert p.status == "found" and p.doors_opened
    # The library's own answer for the same state, given as keys and opened (the CLI's flags).
    same = d.path(start, exit_, keys=before, opened=s.opened)
    assert same.cost == p.cost and same.doors_opened == p.doors_opened
    s.walk(d, p)
    for door in p.doors_opened:
        assert s.is_opened((door.x, door.y))
        before[door.lock] -= 1
    assert {k: v for k, v in before.items() if v} == s.keys
    # Opened doors stay open without keys: the same route again opens nothing new.
    again = d.path(start, exit_, state=s)
    assert again.status == "found" and again.doors_opened == []
    with pytest.raises(ValueError, match="holds none"):
        catacomb.PlayerState().spend_key(1)
    with pytest.raises(ValueError, match="key objective"):
        s.pick_up(d, start)


def test_a_walk_the_state_cannot_pay_for_leaves_it_unchanged():
    d = catacomb.generate(1, locks=2, key_rule="consumable")
    start, exit_ = d.find("start"), d.find("exit")
    p = d.path(start, exit_, keys="all")
    s = catacomb.PlayerState(keys=[1])
    assert d.key_rule == "consumable" and {lk.lock for lk in p.doors_opened} == {1, 2}
    with pytest.raises(ValueError, match="lock = 2"):
        s.walk(d, p)
    assert s == catacomb.PlayerState(keys=[1])


def test_switches_toggle_gates():
    for seed in SEEDS:
        d = catacomb.generate(seed, switches=1)
        gates = [g for g in d.doors if g.kind == "gate"]
        if gates:
            break
    s = catacomb.PlayerState()
    assert s.toggle(1) is True and s.switch_on(1) and s.switches == [1]
    assert s.toggle(1) is False and s.switches == []
    nav = d.navigator(s)
    for g in gates:
        assert nav.door_open((g.x, g.y)) == g.open_when_off
    s.set_switch(1)
    nav.set_state(s)
    for g in gates:
        assert nav.door_open((g.x, g.y)) != g.open_when_off
    with pytest.raises(ValueError, match="switch = 12"):
        s.set_switch(12)


def test_a_state_is_a_value():
    d = catacomb.generate(1, locks=2)
    s = catacomb.PlayerState(keys={1: 2}, switches=[3], opened=[(d.locks[0].x, d.locks[0].y)])
    assert s.keys == {1: 2} and s.key_count(1) == 2 and s.switches == [3]
    assert s.opened == [(d.locks[0].x, d.locks[0].y)]
    assert pickle.loads(pickle.dumps(s)) == s and s.copy() == s and s.copy() is not s
    assert s.problems(d) == [] and s != catacomb.PlayerState()
    assert catacomb.PlayerState(opened=[(0, 0)]).problems(d) == ["opened[0] = 0,0 (expected a locked door of the map)"]
    assert catacomb.PlayerState.all_keys(d).keys == {1: 1, 2: 1}
    with pytest.raises(ValueError, match="lock = 12"):
        catacomb.PlayerState(keys=[12])
    with pytest.raises(ValueError, match="one or the other"):
        d.path((0, 0), (1, 1), keys=[1], state=s)


def test_threads_sharing_a_navigator_take_turns():
    from concurrent.futures import ThreadPoolExecutor

    d = catacomb.generate(2, locks=2, width=120, height=80)
    nav = d.navigator(catacomb.PlayerState.all_keys(d))
    start, goals = targets(d)
    queries = [(start, g) for g in goals] * 20
    alone = [nav.find_path(a, b).cost for a, b in queries]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda q: nav.find_path(*q).cost, queries))
    assert together == alone
