package slack

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/slack-go/slack"

	"pbc/bot"
)

// incomingFiles are the files shared with a message, to be downloaded
// only if the command reads them.
func (a *Adapter) incomingFiles(files []slack.File) []bot.Attachment {
	var out []bot.Attachment
	for _, f := range files {
		link := cmp.Or(f.URLPrivateDownload, f.URLPrivate)
		if link == "" {
			continue // a file the event does not describe (e.g. from another workspace)
		}
		out = append(out, bot.Attachment{
			Name: cmp.Or(f.Name, f.Title, f.ID),
			Type: f.Mimetype,
			Size: int64(f.Size),
			Open: func(ctx context.Context) (io.ReadCloser, error) { return a.download(ctx, link) },
		})
	}
	return out
}

// download opens a private file with the bot token (files:read). The token
// goes only to Slack's own hosts over https, or to the Web API's host.
func (a *Adapter) download(ctx context.Context, link string) (io.ReadCloser, error) {
	u, err := url.Parse(link)
	if err != nil {
		return nil, fmt.Errorf("slack: file URL: %w", err)
	}
	if !a.mayGetToken(u) {
		return nil, fmt.Errorf("slack: refusing to download %s with the bot token: not a Slack host", u.Host)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, link, nil)
	if err != nil {
		return nil, fmt.Errorf("slack: file request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+a.opt.BotToken)
	client := *a.http
	client.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if len(via) >= 5 || !a.mayGetToken(r.URL) {
			return fmt.Errorf("redirected to %s, not a Slack host", r.URL.Host)
		}
		return nil
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("slack: download file: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("slack: download file: %s", resp.Status)
	}
	// Without files:read Slack answers with its sign-in page, not the file.
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		resp.Body.Close()
		return nil, fmt.Errorf("slack: download file: got a web page, not the file (does the app have the files:read scope?)")
	}
	return resp.Body, nil
}

// mayGetToken reports whether a request to u may carry the bot token.
func (a *Adapter) mayGetToken(u *url.URL) bool {
	host := strings.ToLower(u.Hostname())
	if u.User != nil {
		return false
	}
	if u.Scheme == "https" && (u.Port() == "" || u.Port() == "443") && (host == "slack.com" || strings.HasSuffix(host, ".slack.com")) {
		return true
	}
	api, err := url.Parse(cmp.Or(a.opt.APIURL, slack.APIURL))
	return err == nil && api.Host != "" && u.Scheme == api.Scheme && strings.EqualFold(u.Host, api.Host)
}
