{{/*
A service's ConfigMap: exactly the non-secret variables it reads (libs/kit hosting and
infrastructure settings, its public port, the URLs of the services it calls, and its own
settings from values). Secret variables come from Secrets in "levy.secretEnv".
*/}}
{{- define "levy.configmap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
data:
  {{- include "levy.configData" . | nindent 2 }}
{{- end -}}

{{- define "levy.configData" -}}
{{- $prefix := include "levy.envPrefix" .name -}}
BIND_HOST: "0.0.0.0"
LOG_LEVEL: {{ .root.Values.logLevel | quote }}
STORAGE: "mongo"
EVENTS: "kafka"
MONGODB_DB_PREFIX: {{ .root.Values.mongodb.dbPrefix | quote }}
STORAGE_UPDATE_PROTOCOL: {{ .root.Values.mongodb.updateProtocol | quote }}
{{- with .root.Values.kafka.namespace }}
KAFKA_NAMESPACE: {{ . | quote }}
{{- end }}
{{- include "levy.kafkaConfigData" . }}
{{ $prefix }}_GRPC_PORT: {{ .topo.grpcPort | quote }}
{{ $prefix }}_OPS_PORT: {{ .topo.opsPort | quote }}
{{- with .topo.public }}
{{ .env }}: {{ .port | quote }}
{{- end }}
{{- $root := .root }}
{{- range $callee := .topo.calls }}
{{- $peer := get $.topology $callee }}
{{ include "levy.envPrefix" $callee }}_URL: {{ printf "http://%s-%s:%v" (include "levy.fullname" $root) $callee $peer.grpcPort | quote }}
{{- end }}
{{- if and .root.Values.geoipUpdate.enabled (eq .name "geo-resolver") }}
{{- if or (hasKey .svc.settings "GEO_RESOLVER_IP_DB_IPV4") (hasKey .svc.settings "GEO_RESOLVER_IP_DB_IPV6") }}
{{- fail "services.geo-resolver.settings.GEO_RESOLVER_IP_DB_*: geoipUpdate.enabled sets them; set one or the other" }}
{{- end }}
GEO_RESOLVER_IP_DB_IPV4: {{ include "levy.geoip.file" .root | quote }}
GEO_RESOLVER_IP_DB_IPV6: {{ include "levy.geoip.file" .root | quote }}
{{- end }}
{{- range $key, $value := .svc.settings }}
{{- /* YAML numbers arrive as float64: 3600000 would print as 3.6e+06 (the schema allows integers only). */}}
{{ $key }}: {{ ternary (int64 $value | toString) (toString $value) (kindIs "float64" $value) | quote }}
{{- end }}
{{- end -}}

{{/* Variables read from existing Secrets: MongoDB and Kafka for all, keys for the gateway. */}}
{{- define "levy.secretEnv" -}}
{{- $secrets := .root.Values.secrets -}}
- name: MONGODB_URI
  valueFrom:
    secretKeyRef: {name: {{ $secrets.mongodbUri.existingSecret | quote }}, key: {{ $secrets.mongodbUri.key | quote }}}
- name: KAFKA_BROKERS
  valueFrom:
    secretKeyRef: {name: {{ $secrets.kafkaBrokers.existingSecret | quote }}, key: {{ $secrets.kafkaBrokers.key | quote }}}
{{- include "levy.kafkaSecretEnv" . }}
{{- if .topo.gatewaySecrets }}
- name: ADMIN_TOKEN
  valueFrom:
    secretKeyRef: {name: {{ $secrets.adminToken.existingSecret | quote }}, key: {{ $secrets.adminToken.key | quote }}}
- name: API_KEY_PEPPER
  valueFrom:
    secretKeyRef: {name: {{ $secrets.apiKeyPepper.existingSecret | quote }}, key: {{ $secrets.apiKeyPepper.key | quote }}}
{{- /* Only during a pepper rotation; the pod starts without it when the key is absent. */}}
- name: API_KEY_PEPPER_PREVIOUS
  valueFrom:
    secretKeyRef: {name: {{ $secrets.apiKeyPepperPrevious.existingSecret | quote }}, key: {{ $secrets.apiKeyPepperPrevious.key | quote }}, optional: true}
{{- end }}
{{- end -}}
