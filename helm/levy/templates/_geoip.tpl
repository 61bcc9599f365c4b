{{/*
The IP database kept current by geoipupdate (values geoipUpdate): where it is mounted,
the claim holding it, and the geoipupdate container the CronJob and the geo-resolver's
init container share. Credentials come from an existing Secret, never from values.
*/}}
{{- define "levy.geoip.mountPath" -}}/var/lib/levy/geoip{{- end -}}

{{/* The file the geo-resolver reads for IPv4 and IPv6 (a MaxMind City database holds both). */}}
{{- define "levy.geoip.file" -}}
{{ include "levy.geoip.mountPath" . }}/{{ .Values.geoipUpdate.edition }}.mmdb
{{- end -}}

{{- define "levy.geoip.claimName" -}}
{{ default (printf "%s-geoip" (include "levy.fullname" .)) .Values.geoipUpdate.persistence.existingClaim }}
{{- end -}}

{{- define "levy.geoip.volume" -}}
- name: geoip
  persistentVolumeClaim: {claimName: {{ include "levy.geoip.claimName" . | quote }}}
{{- end -}}

{{/* One geoipupdate run (GEOIPUPDATE_FREQUENCY=0): downloads the edition when MaxMind has a newer one. */}}
{{- define "levy.geoip.container" -}}
{{- $geo := .Values.geoipUpdate -}}
- name: geoipupdate
  image: {{ printf "%s:%s" $geo.image.repository $geo.image.tag | quote }}
  imagePullPolicy: {{ $geo.image.pullPolicy }}
  env:
    - name: GEOIPUPDATE_ACCOUNT_ID
      valueFrom:
        secretKeyRef: {name: {{ $geo.credentials.existingSecret | quote }}, key: {{ $geo.credentials.accountIdKey | quote }}}
    - name: GEOIPUPDATE_LICENSE_KEY
      valueFrom:
        secretKeyRef: {name: {{ $geo.credentials.existingSecret | quote }}, key: {{ $geo.credentials.licenseKeyKey | quote }}}
    - {name: GEOIPUPDATE_EDITION_IDS, value: {{ $geo.edition | quote }}}
    - {name: GEOIPUPDATE_DB_DIR, value: {{ include "levy.geoip.mountPath" . | quote }}}
    - {name: GEOIPUPDATE_FREQUENCY, value: "0"}
    - {name: GEOIPUPDATE_VERBOSE, value: "1"}
  resources:
    {{- toYaml $geo.resources | nindent 4 }}
  securityContext:
    allowPrivilegeEscalation: false
    readOnlyRootFilesystem: true
    runAsNonRoot: true
    runAsUser: 1000
    runAsGroup: 1000
    capabilities: {drop: [ALL]}
  volumeMounts:
    - {name: geoip, mountPath: {{ include "levy.geoip.mountPath" . }}}
    - {name: tmp, mountPath: /tmp}
{{- end -}}
