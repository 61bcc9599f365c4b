{{/*
A service's Deployment: non-root, read-only root filesystem (/tmp is an emptyDir), no
service-account token, gRPC probes against grpc.health.v1 on the gRPC port: "liveness"
answers while the process serves RPCs (a database outage must not restart pods); the
readiness probe asks about the service's own proto service, which is SERVING only while
its database and Kafka are reachable and it is not shutting down.
*/}}
{{- define "levy.deployment" -}}
{{- $values := .root.Values -}}
{{- $geoip := and $values.geoipUpdate.enabled (eq .name "geo-resolver") -}}
{{- $initContainers := concat $values.initContainers (.svc.initContainers | default list) -}}
{{- $extraEnv := concat $values.extraEnv (.svc.extraEnv | default list) -}}
{{- $extraVolumes := concat $values.extraVolumes (.svc.extraVolumes | default list) -}}
{{- $extraVolumeMounts := concat $values.extraVolumeMounts (.svc.extraVolumeMounts | default list) -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "levy.metadata" . | nindent 2 }}
spec:
  {{- if not .svc.autoscaling.enabled }}
  replicas: {{ .svc.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 1}
  selector:
    matchLabels:
      {{- include "levy.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "levy.labels" . | nindent 8 }}
      annotations:
        checksum/config: {{ include "levy.configData" . | sha256sum }}
        {{- with $values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "levy.componentName" . }}
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: {{ $values.terminationGracePeriodSeconds }}
      {{- with $values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        fsGroup: 1000
        seccompProfile: {type: RuntimeDefault}
      {{- if or $geoip $initContainers }}
      initContainers:
        {{- if $geoip }}
        {{- /* The first download before the service starts; "not modified" once the CronJob has one. */}}
        {{- include "levy.geoip.container" .root | nindent 8 }}
        {{- end }}
        {{- with $initContainers }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- end }}
      containers:
        - name: {{ .name }}
          image: {{ include "levy.image" . | quote }}
          imagePullPolicy: {{ $values.image.pullPolicy }}
          ports:
            - {name: grpc, containerPort: {{ .topo.grpcPort }}, protocol: TCP}
            - {name: ops, containerPort: {{ .topo.opsPort }}, protocol: TCP}
            {{- with .topo.public }}
            - {name: {{ .name }}, containerPort: {{ .port }}, protocol: TCP}
            {{- end }}
          envFrom:
            - configMapRef: {name: {{ include "levy.componentName" . }}}
          env:
            {{- include "levy.secretEnv" . | nindent 12 }}
            {{- with $extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          startupProbe:
            grpc: {port: {{ .topo.grpcPort }}, service: liveness}
            periodSeconds: 2
            failureThreshold: 90
          livenessProbe:
            grpc: {port: {{ .topo.grpcPort }}, service: liveness}
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            grpc: {port: {{ .topo.grpcPort }}, service: {{ .topo.healthService }}}
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          resources:
            {{- toYaml .svc.resources | nindent 12 }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            runAsNonRoot: true
            capabilities: {drop: [ALL]}
          volumeMounts:
            - {name: tmp, mountPath: /tmp}
            {{- if $geoip }}
            - {name: geoip, mountPath: {{ include "levy.geoip.mountPath" .root }}, readOnly: true}
            {{- end }}
            {{- include "levy.kafkaTlsVolumeMount" . | nindent 12 }}
            {{- with $extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir: {sizeLimit: {{ $values.tmpSizeLimit }}}
        {{- if $geoip }}
        {{- include "levy.geoip.volume" .root | nindent 8 }}
        {{- end }}
        {{- include "levy.kafkaTlsVolume" . | nindent 8 }}
        {{- with $extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- if $values.topologySpread }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "levy.selectorLabels" . | nindent 14 }}
      {{- end }}
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}
