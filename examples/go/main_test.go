// Package paymentsmock shows a Go test suite using payments-mock as a fixture: TestMain starts the sandbox once,
// reads its JSON ready line, runs the tests and stops it. Standard library only.
package paymentsmock

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ready is the line `payments-mock --port 0 --log json` prints once it listens.
type Ready struct {
	URL        string `json:"url"`
	AdminToken string `json:"admin_token"`
	Workspaces []struct {
		ID       string `json:"id"`
		TestKeys []struct {
			Kind string `json:"kind"`
			Key  string `json:"key"`
		} `json:"test_keys"`
	} `json:"workspaces"`
}

// SecretKey is the first workspace's test secret key.
func (r Ready) SecretKey() string {
	for _, key := range r.Workspaces[0].TestKeys {
		if key.Kind == "secret" {
			return key.Key
		}
	}
	return ""
}

// mock is the sandbox every test of the package uses.
var mock Ready

func TestMain(m *testing.M) {
	// PAYMENTS_MOCK_COMMAND is how to start it (default: npx payments-mock, from a project that installed it).
	command := strings.Fields(os.Getenv("PAYMENTS_MOCK_COMMAND"))
	if len(command) == 0 {
		command = []string{"npx", "payments-mock"}
	}
	args := append(command[1:], "--port", "0", "--log", "json", "--fixtures", "none", "--clock", "frozen@2026-01-01T00:00:00Z", "--seed", "42")
	cmd := exec.Command(command[0], args...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot start payments-mock:", err)
		os.Exit(1)
	}
	ready, err := readReady(stdout, 30*time.Second)
	if err != nil {
		_ = cmd.Process.Kill()
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	mock = ready
	code := m.Run()
	// SIGTERM: it stops accepting, finishes what it answers, and exits 0.
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
	os.Exit(code)
}

// readReady reads stdout up to the ready line, then keeps draining it (the request log) so the pipe never fills.
func readReady(stdout interface{ Read([]byte) (int, error) }, timeout time.Duration) (Ready, error) {
	found := make(chan Ready, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		lines.Buffer(make([]byte, 1<<20), 1<<20)
		for lines.Scan() {
			var ready Ready
			if strings.HasPrefix(lines.Text(), `{"msg":"ready"`) && json.Unmarshal(lines.Bytes(), &ready) == nil {
				found <- ready
				break
			}
		}
		for lines.Scan() {
		}
		close(found)
	}()
	select {
	case ready, ok := <-found:
		if !ok {
			return Ready{}, fmt.Errorf("payments-mock exited before its ready line")
		}
		return ready, nil
	case <-time.After(timeout):
		return Ready{}, fmt.Errorf("payments-mock printed no ready line within %s", timeout)
	}
}
