package paymentsmock

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// call sends a form to the sandbox with the test secret key and decodes the JSON answer.
func call(t *testing.T, method, path string, form url.Values) map[string]interface{} {
	t.Helper()
	req, _ := http.NewRequest(method, mock.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Authorization", "Bearer "+mock.SecretKey())
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body map[string]interface{}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 200 {
		t.Fatalf("%s %s answered %d: %v", method, path, res.StatusCode, body)
	}
	return body
}

// admin calls the sandbox's admin API (with its token, when it was started with one).
func admin(t *testing.T, method, path, body string) {
	t.Helper()
	req, _ := http.NewRequest(method, mock.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if mock.AdminToken != "" {
		req.Header.Set("Authorization", "Bearer "+mock.AdminToken)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%s %s: %v %v", method, path, err, res)
	}
	res.Body.Close()
}

// verify checks a `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` header.
func verify(header string, body []byte, secret string) bool {
	var timestamp string
	var signatures []string
	for _, part := range strings.Split(header, ",") {
		if strings.HasPrefix(part, "t=") {
			timestamp = strings.TrimPrefix(part, "t=")
		} else if strings.HasPrefix(part, "v1=") {
			signatures = append(signatures, strings.TrimPrefix(part, "v1="))
		}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "." + string(body)))
	expected := mac.Sum(nil)
	for _, signature := range signatures {
		if given, err := hex.DecodeString(signature); err == nil && hmac.Equal(given, expected) {
			return true
		}
	}
	return false
}

func TestRefundsAPaymentAndSignsTheWebhook(t *testing.T) {
	type delivery struct {
		Type  string
		Valid bool
	}
	received := make(chan delivery, 16)
	var secret string
	// Your webhook handler, on 127.0.0.1: it checks the signature on the raw body.
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var event struct{ Type string }
		_ = json.Unmarshal(body, &event)
		received <- delivery{event.Type, verify(r.Header.Get("Service-Signature"), body, secret)}
		w.WriteHeader(http.StatusOK)
	}))
	defer receiver.Close()

	endpoint := call(t, "POST", "/v1/webhook_endpoints", url.Values{"url": {receiver.URL + "/webhooks"}, "enabled_events[]": {"refund.created"}})
	secret = endpoint["secret"].(string)

	payment := call(t, "POST", "/v1/payments", url.Values{"amount": {"2000"}, "currency": {"usd"}})
	refund := call(t, "POST", "/v1/payments/"+payment["id"].(string)+"/refund", url.Values{"amount": {"500"}})
	if refund["amount"].(float64) != 500 || refund["status"] != "succeeded" {
		t.Fatalf("unexpected refund: %v", refund)
	}
	// Waits until every delivery due now has been attempted.
	admin(t, "POST", "/_mock/webhooks/flush", "{}")
	select {
	case got := <-received:
		if got.Type != "refund.created" || !got.Valid {
			t.Fatalf("received %+v, want a validly signed refund.created", got)
		}
	default:
		t.Fatal("no webhook was received")
	}
}
