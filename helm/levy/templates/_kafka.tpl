{{/*
Kafka client settings of every service (libs/kit/src/kafka-settings.ts), from .Values.kafka:
topic shape and the SASL/TLS switches in the ConfigMap, the SASL user and password from an
existing Secret, the CA and client certificate as files from another Secret mounted read-only.
*/}}
{{- define "levy.kafkaTlsDir" -}}/etc/levy/kafka-tls{{- end -}}

{{/* ConfigMap lines (non-secret). */}}
{{- define "levy.kafkaConfigData" -}}
{{- $kafka := .root.Values.kafka -}}
{{- with $kafka.topics.partitions }}
KAFKA_TOPIC_PARTITIONS: {{ . | quote }}
{{- end }}
{{- with $kafka.topics.replicationFactor }}
KAFKA_TOPIC_REPLICATION_FACTOR: {{ . | quote }}
{{- end }}
{{- with $kafka.sasl.mechanism }}
KAFKA_SASL_MECHANISM: {{ . | quote }}
{{- end }}
{{- if $kafka.tls.enabled }}
KAFKA_TLS: "true"
{{- if $kafka.tls.existingSecret }}
KAFKA_TLS_CA_FILE: "{{ include "levy.kafkaTlsDir" . }}/ca.crt"
{{- end }}
{{- if $kafka.tls.clientCertificate }}
KAFKA_TLS_CERT_FILE: "{{ include "levy.kafkaTlsDir" . }}/tls.crt"
KAFKA_TLS_KEY_FILE: "{{ include "levy.kafkaTlsDir" . }}/tls.key"
{{- end }}
{{- with $kafka.tls.servername }}
KAFKA_TLS_SERVERNAME: {{ . | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Container env entries (secretKeyRef); empty without SASL. */}}
{{- define "levy.kafkaSecretEnv" -}}
{{- $sasl := .root.Values.kafka.sasl -}}
{{- if $sasl.mechanism }}
- name: KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef: {name: {{ $sasl.existingSecret | quote }}, key: {{ $sasl.usernameKey | quote }}}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef: {name: {{ $sasl.existingSecret | quote }}, key: {{ $sasl.passwordKey | quote }}}
{{- end }}
{{- end -}}

{{/* volumeMounts entry; empty without a TLS Secret. Files are read once at start-up: restart pods after a rotation. */}}
{{- define "levy.kafkaTlsVolumeMount" -}}
{{- if and .root.Values.kafka.tls.enabled .root.Values.kafka.tls.existingSecret }}
- {name: kafka-tls, mountPath: {{ include "levy.kafkaTlsDir" . }}, readOnly: true}
{{- end }}
{{- end -}}

{{/* volumes entry: only the keys the settings name (a client key is not mounted unless used). */}}
{{- define "levy.kafkaTlsVolume" -}}
{{- $tls := .root.Values.kafka.tls -}}
{{- if and $tls.enabled $tls.existingSecret }}
- name: kafka-tls
  secret:
    secretName: {{ $tls.existingSecret | quote }}
    defaultMode: 0440
    items:
      - {key: ca.crt, path: ca.crt}
      {{- if $tls.clientCertificate }}
      - {key: tls.crt, path: tls.crt}
      - {key: tls.key, path: tls.key}
      {{- end }}
{{- end }}
{{- end -}}
