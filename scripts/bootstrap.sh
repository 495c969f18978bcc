#!/bin/sh
# The README's two commands, from a bare machine with Node:
#   sh scripts/bootstrap.sh run    the site on the embedded database
#   sh scripts/bootstrap.sh test   every test (`bun run test` installs what the suites need)
# Both first install the pinned Bun when it is missing, then the locked dependencies.
set -eu
cd "$(dirname "$0")/.."

case "${1:-}" in
  run | test) ;;
  *)
    echo "usage: sh scripts/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac

want=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v bun >/dev/null 2>&1 || [ "$(bun --version)" != "$want" ]; then
  echo "Installing Bun $want from npm"
  if ! npm install -g "bun@$want"; then
    # Not allowed to write npm's global folder (an ordinary user): Bun goes under ~/.local instead.
    if npm install -g --prefix "$HOME/.local" "bun@$want"; then
      PATH="$HOME/.local/bin:$PATH"
      export PATH
    else
      echo "Could not install Bun. Install it, then run this command again: npm install -g bun@$want" >&2
      exit 1
    fi
  fi
fi

bun install --frozen-lockfile
if [ "$1" = run ]; then exec bun run start; fi
exec bun run test
