#!/usr/bin/env bash
# A throwaway single-node KRaft Kafka whose client listener is SASL_SSL, as managed
# clusters (MSK, Confluent Cloud, Strimzi) serve it: SCRAM-SHA-512, SCRAM-SHA-256 and
# PLAIN over TLS with client certificates required. Used by
# test/contracts/events.kafka-secure.int.test.ts; the shared broker of start.sh is untouched.
#
# Usage: secure-kafka.sh start <dir>   generates a CA, a server and a client certificate
#                                      (openssl), a SCRAM user and a password, starts the
#                                      broker and writes <dir>/secure-kafka.env
#        secure-kafka.sh stop <dir>    stops the broker started in <dir> (idempotent)
#
# secure-kafka.env holds KAFKA_BROKERS, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD,
# KAFKA_TLS_CA_FILE, KAFKA_TLS_CERT_FILE, KAFKA_TLS_KEY_FILE (the variables Levy reads)
# and SECURE_KAFKA_PID. Same jars as start.sh ($LEVY_CACHE/kafka/libs).
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"

command=${1:-}
dir=${2:-}
[[ $command =~ ^(start|stop)$ && -n $dir ]] || fail "usage: secure-kafka.sh start|stop <dir>"
env_file="$dir/secure-kafka.env"

stop_broker() {
  [[ -f "$env_file" ]] || return 0
  local pid
  pid=$(sed -n 's/^SECURE_KAFKA_PID=//p' "$env_file")
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for ((i = 0; i < 75; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && { log "secure Kafka (pid $pid) ignored SIGTERM; killing"; kill -9 "$pid" 2>/dev/null || true; }
  fi
  rm -f "$env_file"
}

if [[ $command == stop ]]; then
  stop_broker
  exit 0
fi

ls "$KAFKA_LIBS"/kafka_2.13-*.jar >/dev/null 2>&1 || "$INFRA_DIR/provision.sh" kafka
mkdir -p "$dir/data"
dir=$(cd "$dir" && pwd) # absolute: the broker's properties name files in it
env_file="$dir/secure-kafka.env"
cd "$dir"

# Certificates: a CA, the broker's (SAN 127.0.0.1 and localhost) and a client's, all
# signed by the CA. Unencrypted PKCS#8 keys, which Kafka's PEM key store reads.
openssl_quiet() { openssl "$@" 2>>"$dir/openssl.log" >/dev/null || { cat "$dir/openssl.log" >&2; fail "openssl $1 failed"; }; }
openssl_quiet req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.crt -days 2 \
  -subj "/CN=levy-test-ca" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
issue() { # name, subject, extensions
  openssl_quiet req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$1.key" -out "$1.csr" -subj "$2"
  printf '%s\n' "$3" >"$1.ext"
  openssl_quiet x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -out "$1.crt" -days 2 -extfile "$1.ext"
}
issue server "/CN=localhost" "subjectAltName=IP:127.0.0.1,DNS:localhost
extendedKeyUsage=serverAuth"
issue client "/CN=levy-client" "extendedKeyUsage=clientAuth"
cat server.key server.crt >server-keystore.pem
chmod 600 ./*.key server-keystore.pem

username=levy
password=$(openssl rand -hex 16)
port=$(free_port)
internal_port=$(free_port)
controller_port=$(free_port)

# INTERNAL (plaintext, loopback) only carries the broker's own inter-broker traffic; clients
# are given the SASL_SSL address alone.
cat >server.properties <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=SASL_SSL://127.0.0.1:$port,INTERNAL://127.0.0.1:$internal_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=SASL_SSL://127.0.0.1:$port,INTERNAL://127.0.0.1:$internal_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=INTERNAL
listener.security.protocol.map=CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,SASL_SSL:SASL_SSL
sasl.enabled.mechanisms=SCRAM-SHA-512,SCRAM-SHA-256,PLAIN
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_$username="$password";
ssl.keystore.type=PEM
ssl.keystore.location=$dir/server-keystore.pem
ssl.truststore.type=PEM
ssl.truststore.location=$dir/ca.crt
listener.name.sasl_ssl.ssl.client.auth=required
log.dirs=$dir/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS
cat >log4j.properties <<'PROPS'
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
PROPS
java_opts=(-Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "-Dlog4j.configuration=file:$dir/log4j.properties")
# The SCRAM credentials go into the cluster's bootstrap metadata at format time.
java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool format -t "$(java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)" \
  -c server.properties \
  --add-scram "SCRAM-SHA-512=[name=$username,password=$password]" \
  --add-scram "SCRAM-SHA-256=[name=$username,password=$password]" \
  >format.log 2>&1 || { cat format.log >&2; fail "secure Kafka storage format failed"; }
setsid nohup java "${java_opts[@]}" -cp "$KAFKA_LIBS/*" kafka.Kafka server.properties >kafka.log 2>&1 </dev/null &
pid=$!

cat >"$env_file" <<ENV
KAFKA_BROKERS=127.0.0.1:$port
KAFKA_SASL_USERNAME=$username
KAFKA_SASL_PASSWORD=$password
KAFKA_TLS_CA_FILE=$dir/ca.crt
KAFKA_TLS_CERT_FILE=$dir/client.crt
KAFKA_TLS_KEY_FILE=$dir/client.key
SECURE_KAFKA_PID=$pid
ENV

for ((i = 0; i < 90 * 5; i++)); do
  grep -q "Kafka Server started" kafka.log 2>/dev/null && { log "secure Kafka (SASL_SSL) on 127.0.0.1:$port (pid $pid)"; exit 0; }
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
log "secure Kafka did not start; last log lines:"
tail -n 40 kafka.log >&2 || true
stop_broker
fail "secure Kafka failed to start"
