{{/*
Names and labels. Every per-service template receives a "component context":
  dict "root" $ "name" <service> "svc" <.Values.services.<service>> "topo" <topology entry> "topology" <all entries>
built once by "levy.components" so templates never repeat the wiring.
*/}}

{{/* Release-scoped base name, at most 40 characters so "<base>-geo-resolver-public" fits 63. */}}
{{- define "levy.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "levy.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels selecting every pod of this release. */}}
{{- define "levy.releaseSelector" -}}
app.kubernetes.io/name: {{ default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "levy.commonLabels" -}}
{{ include "levy.releaseSelector" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: levy
helm.sh/chart: {{ include "levy.chart" . }}
{{- end -}}

{{/* A component's resource name: <fullname>-<service>. */}}
{{- define "levy.componentName" -}}
{{ include "levy.fullname" .root }}-{{ .name }}
{{- end -}}

{{/* Labels selecting one service's pods. */}}
{{- define "levy.selectorLabels" -}}
{{ include "levy.releaseSelector" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "levy.labels" -}}
{{ include "levy.commonLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* "calc-engine" → "CALC_ENGINE", the prefix of that service's variables. */}}
{{- define "levy.envPrefix" -}}
{{ . | upper | replace "-" "_" }}
{{- end -}}

{{/* The service's image: <repository>-<service>:<tag or appVersion>. */}}
{{- define "levy.image" -}}
{{ .root.Values.image.repository }}-{{ .name }}:{{ default .root.Chart.AppVersion .root.Values.image.tag }}
{{- end -}}

{{/* Metadata of a component's object: name, namespace and labels. */}}
{{- define "levy.metadata" -}}
name: {{ include "levy.componentName" . }}
namespace: {{ .root.Release.Namespace }}
labels:
  {{- include "levy.labels" . | nindent 2 }}
{{- end -}}
