package local

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"pbc/bot"
)

// Limits of the files a page sends.
const (
	// MaxFileBytes is the largest attachment the playground takes.
	MaxFileBytes = 5 << 20
	// maxFiles is how many files one command may carry.
	maxFiles = 1
	// textBody bounds a command without files.
	textBody = 64 << 10
	// maxUploads bounds the large requests read at once: each holds its
	// body and the decoded file in memory.
	maxUploads = 2
)

// upload is a file sent with a command: its bytes travel base64-encoded
// in the JSON body, which keeps the page's one way of posting (JSON, so
// that another site cannot post without a refused preflight).
type upload struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
	Data []byte `json:"data"`
}

// readSend decodes a send request, answering the error itself. A body
// larger than a command's holds a file: it waits for an upload slot.
func (a *Adapter) readSend(w http.ResponseWriter, r *http.Request) (sendRequest, bool) {
	var req sendRequest
	limit := int64(textBody)
	if r.ContentLength < 0 || r.ContentLength > textBody {
		select {
		case a.uploads <- struct{}{}:
			defer func() { <-a.uploads }()
		default:
			http.Error(w, "the playground is busy reading other files; try again in a moment", http.StatusServiceUnavailable)
			return req, false
		}
		// base64 takes 4 bytes for 3, and the rest of the body is small.
		limit = MaxFileBytes*4/3 + textBody
	}
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(&req)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, fmt.Sprintf("the file is too large: the playground takes files up to %s", mb(MaxFileBytes)), http.StatusRequestEntityTooLarge)
		return req, false
	case err != nil:
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return req, false
	}
	return req, true
}

// attachments turns a request's files into the message's attachments.
func attachments(files []upload) ([]bot.Attachment, error) {
	if len(files) > maxFiles {
		return nil, fmt.Errorf("send one file at a time (this command has %d)", len(files))
	}
	var out []bot.Attachment
	for _, f := range files {
		name := cleanName(f.Name, 80)
		if name == "" {
			name = "file"
		}
		if len(f.Data) > MaxFileBytes {
			return nil, fmt.Errorf("%s is %s: the playground takes files up to %s", name, mb(len(f.Data)), mb(MaxFileBytes))
		}
		data := f.Data
		out = append(out, bot.Attachment{Name: name, Type: cleanName(f.Type, 100), Size: int64(len(data)),
			Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }})
	}
	return out, nil
}

// fileNames lists the attachments' names, to show with the command.
func fileNames(files []bot.Attachment) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

// mb writes a size in megabytes.
func mb(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }
