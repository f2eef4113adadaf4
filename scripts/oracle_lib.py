"""The differential checks against the reference engine (18xx.games).

Used by scripts/oracle-diff and scripts/oracle-selfplay. The reference tools
are ../shared/tools/oracle; the shared directory is found, in order, from $PBC_SHARED, then as a
"shared" directory beside the repository root or any folder above it, then
beside the main checkout of a git worktree, then beside the current
directory or any folder above it.
"""
import json
import os
import subprocess
import sys


def _ancestors(path):
    path = os.path.abspath(path)
    while True:
        yield path
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def shared_dir():
    env = os.environ.get("PBC_SHARED")
    if env:
        return env if os.path.isdir(os.path.join(env, "tools", "oracle")) else None
    starts = [repo_root()]
    try:
        common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
                                cwd=repo_root(), capture_output=True, text=True).stdout.strip()
        if common:
            starts.append(os.path.dirname(common))
    except OSError:
        pass
    starts.append(os.getcwd())
    for start in starts:
        for d in _ancestors(start):
            cand = os.path.join(os.path.dirname(d), "shared")
            if os.path.isfile(os.path.join(cand, "tools", "oracle", "replay.rb")):
                return cand
            cand = os.path.join(d, "shared")
            if os.path.isfile(os.path.join(cand, "tools", "oracle", "replay.rb")):
                return cand
    return None


def oracle_dir():
    s = shared_dir()
    return os.path.join(s, "tools", "oracle") if s else None


def oracle_cmd():
    """The command that runs the reference oracle with city slots added."""
    d = oracle_dir()
    if d is None:
        return None
    return ["ruby", os.path.join(repo_root(), "scripts", "oracle-cities.rb")], dict(os.environ, ORACLE_DIR=d)


def run_oracle(args, fixture):
    """Runs the reference on fixture; returns its JSON lines, parsed."""
    cmd, env = oracle_cmd()
    p = subprocess.run(cmd + args + [fixture], capture_output=True, text=True, env=env)
    out = []
    for line in p.stdout.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def run_ours(fixture, played, pbc=None):
    """Replays fixture with pbc replay --trace; returns its lines by action id and stderr."""
    root = repo_root()
    cmd = [pbc or os.environ.get("PBC_BIN")] if (pbc or os.environ.get("PBC_BIN")) else ["go", "run", "./cmd/pbc"]
    p = subprocess.run(cmd + ["replay", "--trace"] + (["--played"] if played else []) + [fixture],
                       cwd=root, capture_output=True, text=True)
    ours = {}
    for line in p.stdout.splitlines():
        o = json.loads(line)
        ours[o["last_processed_action"]] = o
    return ours, p.stderr


def _norm_corp(c):
    d = {k: c.get(k) for k in ("cash", "floated", "closed", "share_price", "trains", "tokens", "tokens_unplaced",
                               "ipo_percent", "market_percent", "president")}
    d["president"] = None if d["president"] is None else str(d["president"])
    # A government railway (1822MX's NdeM) has no president: the reference
    # names its owner, the market, where we name nobody.
    if d["president"] == "Market":
        d["president"] = None

    # Attached Pullman / grain markers ("3+", "3+6") are display only.
    def base(t):
        if t in ("P+",):
            return t
        t = t.split("+")[0]
        if t.endswith("-G"):
            return t[:-2]
        return t[:-1] if len(t) > 1 and t.endswith("G") else t
    d["trains"] = sorted(base(t) for t in (d["trains"] or []))
    return d


def view(o, side):
    """The compared part of one state: bank, phase, players, companies, city slots."""
    v = {"bank": o["bank_cash"], "phase": o["phase"]}
    for pid, pl in o["players"].items():
        v["p" + pid + ".cash"] = pl["cash"]
        sh = {k: x for k, x in (pl.get("shares") or {}).items() if x}
        v["p" + pid + ".shares"] = sh
        v["p" + pid + ".companies"] = sorted(pl.get("companies") or [])
    for group in ("corporations", "minors"):
        for cid, c in (o.get(group) or {}).items():
            if c.get("closed") and side == "theirs":
                continue
            if not c.get("floated") and not c.get("ipoed") and not c.get("closed"):
                continue
            nc = _norm_corp(c)
            if nc["closed"]:
                continue
            for k, x in nc.items():
                v[cid + "." + k] = x
    # Every slot of every city holding a token or a reservation: how many
    # slots, which hold whose token, which are kept for whom. The order of
    # slots within a city is compared only with PBC_SLOT_ORDER=1 (a
    # remove_token names a slot by its number; every fixtures-next game
    # matches in order): the engines still fill a city merged from two
    # (Toronto's T4 in 1822CA 1.json) in another order.
    for hex_id, cities in (o.get("cities") or {}).items():
        v["city " + hex_id] = [c if os.environ.get("PBC_SLOT_ORDER") else sorted(c) for c in cities]
    return v


def first_difference(fixture, played, pbc=None):
    """Replays fixture on both sides, action by action.

    Returns (action id or None, diffs [(key, ours, theirs)], last equal id,
    our trace, their trace).
    """
    ours, _ = run_ours(fixture, played, pbc)
    theirs = {}
    for o in run_oracle(["--every", "1", "--no-hexes"], fixture):
        theirs[o.get("last_processed_action")] = o
    last_ok = None
    for aid in sorted(k for k in ours if k is not None):
        if aid not in theirs:
            continue
        a, b = view(ours[aid], "ours"), view(theirs[aid], "theirs")
        diffs = [(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        if diffs:
            return aid, diffs, last_ok, ours, theirs
        last_ok = aid
    return None, [], last_ok, ours, theirs


if __name__ == "__main__":
    # `python3 scripts/oracle_paths.py` prints the oracle directory (exit 2 if none).
    d = oracle_dir()
    if d is None:
        sys.exit(2)
    print(d)
