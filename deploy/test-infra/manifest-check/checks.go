// Required fields and cross-object references that decoding alone cannot catch: the
// API server would reject these (names, selectors, probe handlers, port ranges) or the
// release would not work (a Service selecting no pod, an HPA scaling nothing, a pod
// mounting a ConfigMap that is not rendered).
package main

import (
	"fmt"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation"
)

type checker struct {
	problems []string
	names    map[string]bool              // "Kind/name" of every rendered object
	pods     map[string]map[string]string // Deployment name → pod template labels
}

func (c *checker) add(object string, format string, args ...any) {
	c.problems = append(c.problems, object+": "+fmt.Sprintf(format, args...))
}

func checkAll(objects []runtime.Object) []string {
	c := &checker{names: map[string]bool{}, pods: map[string]map[string]string{}}
	for _, object := range objects {
		accessor, err := meta.Accessor(object)
		kind := object.GetObjectKind().GroupVersionKind().Kind
		if err != nil || accessor.GetName() == "" {
			c.add(kind, "metadata.name is required")
			continue
		}
		id := kind + "/" + accessor.GetName()
		for _, msg := range validation.IsDNS1123Subdomain(accessor.GetName()) {
			c.add(id, "metadata.name: %s", msg)
		}
		if c.names[id] {
			c.add(id, "rendered twice")
		}
		c.names[id] = true
		if d, ok := object.(*appsv1.Deployment); ok {
			c.pods[d.Name] = d.Spec.Template.Labels
		}
	}
	for _, object := range objects {
		switch o := object.(type) {
		case *appsv1.Deployment:
			c.deployment(o)
		case *corev1.Service:
			c.service(o)
		case *autoscalingv2.HorizontalPodAutoscaler:
			c.hpa(o)
		case *policyv1.PodDisruptionBudget:
			c.selects("PodDisruptionBudget/"+o.Name, o.Spec.Selector)
			if (o.Spec.MinAvailable == nil) == (o.Spec.MaxUnavailable == nil) {
				c.add("PodDisruptionBudget/"+o.Name, "exactly one of minAvailable and maxUnavailable is required")
			}
		case *networkingv1.NetworkPolicy:
			c.networkPolicy(o)
		case *monitoringv1.ServiceMonitor:
			if len(o.Spec.Endpoints) == 0 {
				c.add("ServiceMonitor/"+o.Name, "spec.endpoints is required")
			}
		case *monitoringv1.PrometheusRule:
			c.prometheusRule(o)
		}
	}
	return c.problems
}

// selects fails unless the selector is valid and matches at least one Deployment's pods.
func (c *checker) selects(id string, selector *metav1.LabelSelector) {
	if selector == nil {
		c.add(id, "selector is required")
		return
	}
	parsed, err := metav1.LabelSelectorAsSelector(selector)
	if err != nil || parsed.Empty() {
		c.add(id, "selector is invalid or empty: %v", err)
		return
	}
	for _, podLabels := range c.pods {
		if parsed.Matches(labels.Set(podLabels)) {
			return
		}
	}
	c.add(id, "selector %s matches no rendered pod", parsed)
}

func (c *checker) deployment(d *appsv1.Deployment) {
	id := "Deployment/" + d.Name
	c.selects(id, d.Spec.Selector)
	if selector, err := metav1.LabelSelectorAsSelector(d.Spec.Selector); err == nil && !selector.Matches(labels.Set(d.Spec.Template.Labels)) {
		c.add(id, "spec.selector does not match spec.template.metadata.labels")
	}
	pod := d.Spec.Template.Spec
	if len(pod.Containers) == 0 {
		c.add(id, "at least one container is required")
	}
	if pod.ServiceAccountName != "" && !c.names["ServiceAccount/"+pod.ServiceAccountName] {
		c.add(id, "service account %q is not rendered", pod.ServiceAccountName)
	}
	volumes := map[string]bool{}
	for _, volume := range pod.Volumes {
		volumes[volume.Name] = true
		if volume.ConfigMap != nil && !c.names["ConfigMap/"+volume.ConfigMap.Name] {
			c.add(id, "volume %q: ConfigMap %q is not rendered", volume.Name, volume.ConfigMap.Name)
		}
	}
	for _, container := range pod.Containers {
		cid := id + " container " + container.Name
		for _, msg := range validation.IsDNS1123Label(container.Name) {
			c.add(cid, "name: %s", msg)
		}
		if container.Image == "" {
			c.add(cid, "image is required")
		}
		for _, port := range container.Ports {
			for _, msg := range validation.IsValidPortNum(int(port.ContainerPort)) {
				c.add(cid, "port %q: %s", port.Name, msg)
			}
		}
		for name, probe := range map[string]*corev1.Probe{"readinessProbe": container.ReadinessProbe, "livenessProbe": container.LivenessProbe, "startupProbe": container.StartupProbe} {
			if probe != nil && countHandlers(probe.ProbeHandler) != 1 {
				c.add(cid, "%s needs exactly one handler", name)
			}
		}
		for _, mount := range container.VolumeMounts {
			if !volumes[mount.Name] {
				c.add(cid, "volumeMount %q has no volume", mount.Name)
			}
		}
		for _, from := range container.EnvFrom {
			if from.ConfigMapRef != nil && !c.names["ConfigMap/"+from.ConfigMapRef.Name] {
				c.add(cid, "envFrom ConfigMap %q is not rendered", from.ConfigMapRef.Name)
			}
		}
		for _, env := range container.Env {
			if msgs := validation.IsEnvVarName(env.Name); len(msgs) > 0 {
				c.add(cid, "env %q: %v", env.Name, msgs)
			}
			if env.ValueFrom != nil && env.ValueFrom.SecretKeyRef != nil && (env.ValueFrom.SecretKeyRef.Name == "" || env.ValueFrom.SecretKeyRef.Key == "") {
				c.add(cid, "env %q: secretKeyRef needs name and key", env.Name)
			}
		}
	}
}

func countHandlers(h corev1.ProbeHandler) int {
	n := 0
	for _, set := range []bool{h.Exec != nil, h.HTTPGet != nil, h.TCPSocket != nil, h.GRPC != nil} {
		if set {
			n++
		}
	}
	return n
}

func (c *checker) service(s *corev1.Service) {
	id := "Service/" + s.Name
	if len(s.Spec.Ports) == 0 {
		c.add(id, "spec.ports is required")
	}
	for _, port := range s.Spec.Ports {
		for _, msg := range validation.IsValidPortNum(int(port.Port)) {
			c.add(id, "port %q: %s", port.Name, msg)
		}
	}
	c.selects(id, &metav1.LabelSelector{MatchLabels: s.Spec.Selector})
}

func (c *checker) hpa(h *autoscalingv2.HorizontalPodAutoscaler) {
	id := "HorizontalPodAutoscaler/" + h.Name
	target := h.Spec.ScaleTargetRef
	if !c.names[target.Kind+"/"+target.Name] {
		c.add(id, "scaleTargetRef %s/%s is not rendered", target.Kind, target.Name)
	}
	if h.Spec.MinReplicas != nil && *h.Spec.MinReplicas > h.Spec.MaxReplicas {
		c.add(id, "minReplicas %d exceeds maxReplicas %d", *h.Spec.MinReplicas, h.Spec.MaxReplicas)
	}
	if h.Spec.MaxReplicas < 1 {
		c.add(id, "maxReplicas must be at least 1")
	}
}

func (c *checker) networkPolicy(n *networkingv1.NetworkPolicy) {
	id := "NetworkPolicy/" + n.Name
	if _, err := metav1.LabelSelectorAsSelector(&n.Spec.PodSelector); err != nil {
		c.add(id, "podSelector: %v", err)
	}
	if len(n.Spec.PolicyTypes) == 0 {
		c.add(id, "spec.policyTypes must be explicit")
	}
	for _, policyType := range n.Spec.PolicyTypes {
		if policyType != networkingv1.PolicyTypeIngress && policyType != networkingv1.PolicyTypeEgress {
			c.add(id, "spec.policyTypes: unsupported value %q", policyType)
		}
	}
}

func (c *checker) prometheusRule(r *monitoringv1.PrometheusRule) {
	id := "PrometheusRule/" + r.Name
	for _, group := range r.Spec.Groups {
		for _, rule := range group.Rules {
			if (rule.Alert == "") == (rule.Record == "") {
				c.add(id, "group %q: a rule needs exactly one of alert and record", group.Name)
			}
			if rule.Expr.String() == "" {
				c.add(id, "group %q rule %q: expr is required", group.Name, rule.Alert)
			}
		}
	}
}
