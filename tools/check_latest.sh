#!/usr/bin/env bash
# The suite on the newest releases pyproject.toml allows, not the locked ones (issue 30): run it on purpose, now
# and then, to find a release that breaks us before the lock is moved to it. Not part of CI, which installs from
# tools/constraints.txt so that it tells a change of ours apart from a change of the world.
#
#   tools/check_latest.sh            # scratch venv in a temporary folder, removed afterwards
#
# It prints the versions that differ from the lock, then runs what CI runs on the code (the suite, ruff, mypy)
# and says which failed. When all pass, `python3 tools/lock.py` moves the lock to these versions.
set -uo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
py="$scratch/venv/bin/python"
# the newest build backend too: installed first, then the project built with it (no isolated, pinned build)
"$py" -m pip install --quiet --upgrade 'setuptools>=70.1' || exit 1
"$py" -m pip install --quiet --no-build-isolation -e '.[test,build,bench]' || exit 1

echo "check_latest: versions other than the lock's (tools/constraints.txt):"
"$py" -m pip freeze --all --exclude-editable | grep -v '^pip==' | sort -f > "$scratch/now.txt"
grep -v '^#' tools/constraints.txt | sort -f > "$scratch/locked.txt"
if diff "$scratch/locked.txt" "$scratch/now.txt" > "$scratch/diff.txt"; then
    echo "  none: the lock is the newest"
else
    sed -n -e 's/^< /  locked: /p' -e 's/^> /  newest: /p' "$scratch/diff.txt"
fi

failed=()
"$py" -m pytest -q -p no:cacheprovider || failed+=("pytest")
"$scratch/venv/bin/ruff" check game tests tools || failed+=("ruff")
"$scratch/venv/bin/mypy" --cache-dir "$scratch/mypy" game/rules game/ai game/ui/play || failed+=("mypy")
if [ ${#failed[@]} -gt 0 ]; then
    echo "check_latest: FAILED on the newest versions: ${failed[*]}" >&2
    exit 1
fi
echo "check_latest: the newest versions pass; 'python3 tools/lock.py' locks them"
