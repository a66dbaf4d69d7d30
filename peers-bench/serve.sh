#!/usr/bin/env bash
# Start the GraphQL server (4000) and the three peers with `vite preview` (5101 GraphiQL, 5102 Altair, 5103 Playground).
# All on 127.0.0.1. PIDs go to run/*.pid; stop with ./stop.sh
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p run
start() { local name=$1; shift; nohup "$@" > run/$name.log 2>&1 & echo $! > run/$name.pid; }
start gql        env GQL_SCHEMA=${GQL_SCHEMA:-} node server/server.mjs
start graphiql   node node_modules/vite/bin/vite.js preview graphiql-site   --host 127.0.0.1 --port 5101 --strictPort
start altair     node node_modules/vite/bin/vite.js preview altair-site     --host 127.0.0.1 --port 5102 --strictPort
start playground node node_modules/vite/bin/vite.js preview playground-site --host 127.0.0.1 --port 5103 --strictPort
start awb        node node_modules/vite/bin/vite.js preview awb-site        --host 127.0.0.1 --port 5104 --strictPort
for p in 4000 5101 5102 5103 5104; do
  for i in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$p/" && break; sleep 0.2; done
done
echo "up: gql:4000 graphiql:5101 altair:5102 playground:5103 awb:5104"
