#!/usr/bin/env bash
# Starts FerretDB (SQLite backend) and a single-node Kafka (KRaft) on free loopback
# ports, provisioning them first if needed. Reuses servers that are already running.
# Writes $LEVY_CACHE/run/infra.env with MONGODB_URI, KAFKA_BROKERS and the PIDs.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"

if [[ -f "$INFRA_ENV" ]]; then
  # shellcheck disable=SC1090
  source "$INFRA_ENV"
  mongo_port=${MONGODB_URI##*:}
  mongo_port=${mongo_port%/}
  # Servers that are alive are only judged stale after their ports stayed shut for a
  # few seconds: a busy machine (or a server restarting) must not get them replaced
  # under the suites that share them.
  for ((check = 1; check <= 5; check++)); do
    if kill -0 "${FERRETDB_PID:-0}" 2>/dev/null && kill -0 "${KAFKA_PID:-0}" 2>/dev/null \
      && port_open "$mongo_port" 2>/dev/null && port_open "${KAFKA_BROKERS##*:}" 2>/dev/null; then
      log "reusing running servers"
      cat "$INFRA_ENV"
      exit 0
    fi
    kill -0 "${FERRETDB_PID:-0}" 2>/dev/null && kill -0 "${KAFKA_PID:-0}" 2>/dev/null || break
    sleep 1
  done
  log "stale $INFRA_ENV (a server is gone or its port stayed shut); starting afresh"
  "$INFRA_DIR/stop.sh" || true
fi

"$INFRA_DIR/provision.sh" ferretdb kafka
mkdir -p "$RUN_DIR"

wait_for() { # name, seconds, log file, test command...
  local name=$1 seconds=$2 logfile=$3
  shift 3
  for ((i = 0; i < seconds * 5; i++)); do
    if "$@" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  log "$name did not become ready within ${seconds}s; last log lines:"
  tail -n 40 "$logfile" >&2 || true
  "$INFRA_DIR/stop.sh" || true
  fail "$name failed to start"
}

# FerretDB
mongo_port=$(free_port)
# The debug listener serves FerretDB's metrics (commands answered, by name; the bench reads them).
ferret_debug_port=$(free_port)
ferret_dir="$RUN_DIR/ferretdb"
rm -rf "$ferret_dir" && mkdir -p "$ferret_dir/data"
setsid nohup "$FERRETDB_BIN" --handler=sqlite --sqlite-url="file:$ferret_dir/data/" \
  --listen-addr="127.0.0.1:$mongo_port" --debug-addr="127.0.0.1:$ferret_debug_port" \
  --state-dir="$ferret_dir" --telemetry=disable --log-level=warn \
  >"$RUN_DIR/ferretdb.log" 2>&1 < /dev/null &
ferret_pid=$!

# Kafka, combined broker and controller
kafka_port=$(free_port)
controller_port=$(free_port)
kafka_dir="$RUN_DIR/kafka"
rm -rf "$kafka_dir" && mkdir -p "$kafka_dir/data"
cat >"$kafka_dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$kafka_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$kafka_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$kafka_dir/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
# The controller appends a no-op record to the metadata log every 500 ms by default (a
# liveness signal for the metadata-lag metrics): 40 % of an idle broker's CPU here
# (docs/performance.md, "Distributed path, third pass"). Every 10 s is plenty for one node.
metadata.max.idle.interval.ms=10000
PROPS
cat >"$kafka_dir/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
PROPS
java_opts=(-Xms256m -Xmx1g -XX:+UseG1GC "-Dlog4j.configuration=file:$kafka_dir/log4j.properties")
cluster_id=$(java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)
java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool format -t "$cluster_id" -c "$kafka_dir/server.properties" \
  >"$RUN_DIR/kafka-format.log" 2>&1 || { cat "$RUN_DIR/kafka-format.log" >&2; kill "$ferret_pid" || true; fail "Kafka storage format failed"; }
setsid nohup java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.Kafka "$kafka_dir/server.properties" \
  >"$RUN_DIR/kafka.log" 2>&1 < /dev/null &
kafka_pid=$!

cat >"$INFRA_ENV" <<ENV
MONGODB_URI=mongodb://127.0.0.1:$mongo_port/
KAFKA_BROKERS=127.0.0.1:$kafka_port
FERRETDB_PID=$ferret_pid
FERRETDB_DEBUG_URL=http://127.0.0.1:$ferret_debug_port
KAFKA_PID=$kafka_pid
ENV

wait_for FerretDB 60 "$RUN_DIR/ferretdb.log" port_open "$mongo_port"
wait_for Kafka 90 "$RUN_DIR/kafka.log" grep -q "Kafka Server started" "$RUN_DIR/kafka.log"
log "FerretDB on 127.0.0.1:$mongo_port (pid $ferret_pid), Kafka on 127.0.0.1:$kafka_port (pid $kafka_pid)"
cat "$INFRA_ENV"
