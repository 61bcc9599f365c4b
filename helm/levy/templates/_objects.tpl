{{/* The small per-service objects: ServiceAccount, Services, HPA, PDB. */}}

{{- define "levy.serviceaccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
automountServiceAccountToken: false
{{- end -}}

{{/* In-cluster Service: gRPC for callers, ops for Prometheus. Always ClusterIP. */}}
{{- define "levy.service" -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
spec:
  type: ClusterIP
  selector:
    {{- include "levy.selectorLabels" . | nindent 4 }}
  ports:
    - {name: grpc, port: {{ .topo.grpcPort }}, targetPort: grpc, protocol: TCP, appProtocol: grpc}
    - {name: ops, port: {{ .topo.opsPort }}, targetPort: ops, protocol: TCP, appProtocol: http}
{{- end -}}

{{/* Public Service of the gateway (REST) and the MCP bridge: the only ones exposed. */}}
{{- define "levy.publicService" -}}
{{- $public := .svc.publicService -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "levy.componentName" . }}-public
  namespace: {{ .root.Release.Namespace }}
  labels:
    {{- include "levy.labels" . | nindent 4 }}
  {{- with $public.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $public.type }}
  selector:
    {{- include "levy.selectorLabels" . | nindent 4 }}
  ports:
    - {name: {{ .topo.public.name }}, port: {{ $public.port }}, targetPort: {{ .topo.public.name }}, protocol: TCP, appProtocol: http}
{{- end -}}

{{- define "levy.hpa" -}}
{{- if gt (int .svc.autoscaling.minReplicas) (int .svc.autoscaling.maxReplicas) }}
{{- fail (printf "services.%s.autoscaling: minReplicas exceeds maxReplicas" .name) }}
{{- end -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: {{ include "levy.componentName" . }}}
  minReplicas: {{ .svc.autoscaling.minReplicas }}
  maxReplicas: {{ .svc.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: {type: Utilization, averageUtilization: {{ .svc.autoscaling.targetCPUUtilizationPercentage }}}
{{- end -}}

{{- define "levy.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
spec:
  {{- toYaml .svc.podDisruptionBudget | nindent 2 }}
  selector:
    matchLabels:
      {{- include "levy.selectorLabels" . | nindent 6 }}
{{- end -}}
