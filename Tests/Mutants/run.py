#!/usr/bin/env python3
"""Tests of the tests: each deliberate bug in mutants.json must make the suites named
for it fail.

    Tests/Mutants/run.py                 a scratch copy of the tree, built once (slow)
    Tests/Mutants/run.py --in-place      the tree itself, already built (CI's clean clone)
    Tests/Mutants/run.py NAME...         only these mutants
    MUTANT_TEST_TIMEOUT=120 Tests/Mutants/run.py     seconds a mutant's suites may run (300)

Each mutant replaces one exact piece of code (which must occur exactly once, so a
mutant that no longer applies is an error, not a silent pass), the tests are built
incrementally, and the suites named for it (`--filter SUITES`) must fail. The file is
restored after each mutant, whatever happens. Exit 0 when every mutant is killed.

A mutant can make a suite loop or wait for ever (a loop's bound, a deadline): its suites
are stopped after MUTANT_TEST_TIMEOUT seconds and the mutant counts as killed, timed
out, so that one such bug cannot hold CI to its own time limit.

The suites run from the built test binary itself, not through `swift test`: a
`swift test` leaves the build out of date for the next `swift build` (its plugins
compiled again and both binaries linked again, 7-19 s a mutant for nothing).
"""
import json, os, shutil, signal, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))

# Swift Testing's exit status when a filter selects no test (EX_NOINPUT): not a kill.
NO_TESTS_FOUND = 69

# The slowest suites take under 40 s with their build (RELIABILITY.md); a mutant's suites
# still running after this have hung.
TEST_TIMEOUT = int(os.environ.get("MUTANT_TEST_TIMEOUT", "300"))

def run(args, cwd, timeout=None):
    """`args`' exit status and output. Past `timeout` seconds, or when the run itself is
    interrupted, its whole process group is killed (it runs in a session of its own, and
    the suites start servers and browsers of their own) and the exception raised."""
    # Plain output: a colour code between a test's mark and its words hides the line.
    environment = dict(os.environ, NO_COLOR="1")
    with subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
                          start_new_session=True) as process:
        try:
            output, _ = process.communicate(timeout=timeout)
        except BaseException:  # the timeout, or Ctrl-C, which no longer reaches the group
            os.killpg(process.pid, signal.SIGKILL)
            try:
                process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                pass  # a process that left the group still holds the output: leave it
            raise
    return subprocess.CompletedProcess(args, process.returncode, output)

def test_command(tree):
    """The built test binary, run for Swift Testing's suites alone (what `swift test`
    runs on Linux); `swift test --skip-build` where there is no such binary."""
    shown = subprocess.run(["swift", "build", "--build-tests", "--show-bin-path"], cwd=tree,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip().splitlines()
    folder = shown[-1] if shown and os.path.isabs(shown[-1]) and os.path.isdir(shown[-1]) else ""
    binary = os.path.join(folder, "ScreenRegistryPackageTests.xctest") if folder else ""
    if os.path.isfile(binary) and os.access(binary, os.X_OK):
        print(f"mutants: suites run by {binary}", flush=True)
        return [binary, "--testing-library", "swift-testing"]
    print("mutants: no test binary found; suites run by swift test --skip-build (slower)", flush=True)
    return ["swift", "test", "--skip-build"]

def scratch_copy():
    target = os.path.join(os.environ.get("TMPDIR", tempfile.gettempdir()), "screen-registry-mutants")
    files = run(["git", "ls-files", "-z"], root).stdout.split("\0")
    for name in filter(None, files):
        source = os.path.join(root, name)
        if os.path.isfile(source):
            os.makedirs(os.path.dirname(os.path.join(target, name)), exist_ok=True)
            shutil.copy2(source, os.path.join(target, name))
    return target

def main():
    arguments = sys.argv[1:]
    in_place = "--in-place" in arguments
    wanted = [a for a in arguments if not a.startswith("--")]
    mutants = json.load(open(os.path.join(here, "mutants.json")))
    if wanted:
        mutants = [m for m in mutants if m["name"] in wanted]
    tree = root if in_place else scratch_copy()
    before = run(["git", "diff"], root).stdout if in_place else ""
    print(f"mutants: {len(mutants)} in {tree}", flush=True)
    build = run(["swift", "build", "--build-tests"], tree)
    if build.returncode != 0:
        print(build.stdout[-3000:]); print("mutants: the unmutated tree does not build"); return 2
    tests = test_command(tree)
    survivors, broken = [], []
    for mutant in mutants:
        path = os.path.join(tree, mutant["file"])
        original = open(path, encoding="utf-8").read()
        if original.count(mutant["find"]) != 1:
            broken.append(mutant["name"]); print(f"  {mutant['name']}: does not apply (its code changed)"); continue
        start = time.time()
        try:
            open(path, "w", encoding="utf-8").write(original.replace(mutant["find"], mutant["replace"]))
            build = run(["swift", "build", "--build-tests"], tree)
            if build.returncode != 0:
                broken.append(mutant["name"]); print(build.stdout[-2000:])
                print(f"  {mutant['name']}: does not compile"); continue
            try:
                test = run(tests + ["--filter", mutant["tests"]], tree, timeout=TEST_TIMEOUT)
            except subprocess.TimeoutExpired:
                # A hang is a failure of the suites; `run` has killed their processes.
                print(f"  {mutant['name']}: killed by {mutant['tests']}, timed out after {TEST_TIMEOUT} s", flush=True)
                continue
            if test.returncode == NO_TESTS_FOUND:
                broken.append(mutant["name"]); print(f"  {mutant['name']}: its filter {mutant['tests']} matches no test"); continue
            failed = [line for line in test.stdout.splitlines() if "✘ Test" in line and "recorded an issue" in line]
            killed = test.returncode != 0
            verdict = "killed" if killed else "SURVIVED"
            print(f"  {mutant['name']}: {verdict} by {mutant['tests']} ({time.time() - start:.0f} s)", flush=True)
            for line in failed[:2]:
                print("      " + line.strip()[:160])
            if not killed:
                survivors.append(mutant["name"])
        finally:
            open(path, "w", encoding="utf-8").write(original)
    if in_place and run(["git", "diff"], root).stdout != before:
        print("mutants: the tree is not as it was"); return 2
    print(f"mutants: {len(mutants) - len(survivors) - len(broken)} killed, {len(survivors)} survived, {len(broken)} broken")
    return 1 if survivors or broken else 0

sys.exit(main())
