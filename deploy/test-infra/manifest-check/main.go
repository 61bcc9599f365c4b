// manifest-check: strict offline validation of rendered Kubernetes manifests.
//
// Reads a multi-document YAML stream (helm template output) on stdin and decodes every
// document into the real API types (client-go's scheme plus the Prometheus operator's
// monitoring.coreos.com/v1) with apimachinery's strict serializer: an unknown field, a
// duplicate field, a wrong type or an unknown kind fails. Then checks required fields
// and references the types alone cannot express (checks.go). On success it prints the
// decoded objects as one JSON array, so callers inspect what Kubernetes would see.
// Exit status: 0 valid, 1 invalid (every problem on stderr), 2 usage or I/O error.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes/scheme"
)

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: manifest-check < manifests.yaml > objects.json")
		os.Exit(2)
	}
	if err := monitoringv1.AddToScheme(scheme.Scheme); err != nil {
		fail(2, "registering monitoring.coreos.com/v1: %v", err)
	}
	strict := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme.Scheme, scheme.Scheme,
		kjson.SerializerOptions{Yaml: true, Strict: true})

	var objects []runtime.Object
	var problems []string
	reader := utilyaml.NewYAMLReader(bufio.NewReader(os.Stdin))
	for index := 0; ; index++ {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fail(2, "reading document %d: %v", index, err)
		}
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		object, gvk, err := strict.Decode(doc, nil, nil)
		if err != nil {
			problems = append(problems, fmt.Sprintf("document %d (%s): %v", index, sourceOf(doc), err))
			continue
		}
		object.GetObjectKind().SetGroupVersionKind(*gvk)
		objects = append(objects, object)
	}
	if len(objects) == 0 && len(problems) == 0 {
		problems = append(problems, "no manifests on stdin")
	}
	problems = append(problems, checkAll(objects)...)
	if len(problems) > 0 {
		for _, problem := range problems {
			fmt.Fprintln(os.Stderr, "invalid:", problem)
		}
		os.Exit(1)
	}
	out, err := json.Marshal(objects)
	if err != nil {
		fail(2, "encoding output: %v", err)
	}
	os.Stdout.Write(append(out, '\n'))
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "manifest-check: "+format+"\n", args...)
	os.Exit(code)
}

// stripComments drops comment-only lines so a document holding only helm's
// "# Source:" header counts as empty.
func stripComments(doc []byte) []byte {
	var kept [][]byte
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			kept = append(kept, line)
		}
	}
	return bytes.Join(kept, []byte("\n"))
}

// sourceOf returns helm's "# Source: <template>" header, which names the template.
func sourceOf(doc []byte) string {
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("# Source: ")); ok {
			return string(rest)
		}
	}
	return "unknown template"
}
