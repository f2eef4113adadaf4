package slack

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/storage"
)

// offered is the last message with components posted in a conversation:
// a newer one retires its components.
type offered struct {
	ts   string
	text string
}

// Post sends an unsolicited message (a reminder) to a channel, into the
// game's thread if it has one.
func (a *Adapter) Post(ctx context.Context, ch storage.Channel, r bot.Reply) error {
	return a.post(ctx, parseWhere(ch.ID), r)
}

// post sends a reply to w. Pictures are uploaded and shared with the text,
// and the line that pings whoever must act comes after them, with the
// choices, as a message of its own once the share has landed (files are
// shared asynchronously, so a message posted at once could appear above
// them). A long text is cut in parts, the ping line first.
func (a *Adapter) post(ctx context.Context, w where, r bot.Reply) error {
	if r.Empty() {
		return nil // Slack refuses a message with no text
	}
	text := escape(r.Text)
	ping := escape(r.Ping)
	body := text
	if ping != "" && strings.HasSuffix(text, ping) {
		body = strings.TrimRight(strings.TrimSuffix(text, ping), "\n")
	} else {
		ping = ""
	}
	if atts := attachments(r); len(atts) > 0 {
		parts := split(body, maxText)
		for _, p := range parts[:len(parts)-1] {
			if err := a.message(ctx, w, p, bot.Reply{}); err != nil {
				return err
			}
		}
		files, err := a.upload(ctx, w, parts[len(parts)-1], atts)
		if err != nil {
			return err
		}
		a.waitShared(ctx, w, files)
		tail := ping
		if tail == "" {
			if !hasComponents(r) {
				return nil
			}
			tail = "Choose:"
		}
		return a.message(ctx, w, tail, r)
	}
	if utf8.RuneCountInString(text) <= maxText {
		return a.message(ctx, w, text, r)
	}
	parts := []string{body}
	if ping != "" {
		parts = split(body, maxText-utf8.RuneCountInString(ping)-1)
		parts[0] = ping + "\n" + parts[0]
		if rest := strings.Join(parts[1:], "\n"); rest != "" {
			parts = append(parts[:1], split(rest, maxText)...)
		}
	} else {
		parts = split(body, maxText)
	}
	for i, p := range parts {
		last := bot.Reply{}
		if i == len(parts)-1 {
			last = r
		}
		if err := a.message(ctx, w, p, last); err != nil {
			return err
		}
	}
	return nil
}

// message posts one message of already escaped text to w, with r's
// components; the previous message with components there loses its own.
func (a *Adapter) message(ctx context.Context, w where, text string, r bot.Reply) error {
	opts := []slack.MsgOption{slack.MsgOptionText(text, false)}
	if w.thread != "" {
		opts = append(opts, slack.MsgOptionTS(w.thread))
	}
	comps := hasComponents(r)
	if text == "" && !comps {
		return nil // Slack refuses an empty message
	}
	if comps {
		opts = append(opts, slack.MsgOptionBlocks(a.blocks(text, r)...))
	}
	_, ts, err := a.api.PostMessageContext(ctx, w.channel, opts...)
	if err != nil {
		return fmt.Errorf("slack: post message: %w", err)
	}
	if comps {
		a.mu.Lock()
		prev := a.offered[w.id()]
		a.offered[w.id()] = offered{ts: ts, text: text}
		a.mu.Unlock()
		if prev.ts != "" {
			a.retire(ctx, w.channel, prev.ts, prev.text, nil, "")
		}
	}
	return nil
}

// retire removes the components of message ts (text, blocks) in channel,
// adding note.
func (a *Adapter) retire(ctx context.Context, channel, ts, text string, blocks []slack.Block, note string) {
	if blocks == nil {
		blocks = []slack.Block{slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, cmpText(text), false, false), nil, nil)}
	}
	_, _, _, err := a.api.UpdateMessageContext(ctx, channel, ts, slack.MsgOptionText(text, false),
		slack.MsgOptionBlocks(retired(blocks, note)...))
	if err != nil {
		a.log.Warn("could not remove old choices", "channel", channel, "ts", ts, "err", err)
	}
}

func cmpText(s string) string {
	if s == "" {
		return "Choose:"
	}
	return s
}

// attachment is a file to upload.
type attachment struct {
	name, alt string
	data      []byte
}

// attachments are a reply's pictures and files, in that order.
func attachments(r bot.Reply) []attachment {
	var out []attachment
	for _, img := range r.Images {
		out = append(out, attachment{img.Name, img.Alt, img.PNG})
	}
	for _, f := range r.Files {
		out = append(out, attachment{f.Name, "", f.Data})
	}
	return out
}

// upload sends files with the external upload flow: an upload URL per file,
// the bytes, then one completion sharing them all with the text, in w's
// thread. It returns the files' ids.
func (a *Adapter) upload(ctx context.Context, w where, text string, atts []attachment) ([]string, error) {
	var files []slack.FileSummary
	var ids []string
	for _, at := range atts {
		u, err := a.api.GetUploadURLExternalContext(ctx, slack.GetUploadURLExternalParameters{
			FileName: at.name, FileSize: len(at.data), AltTxt: at.alt})
		if err != nil {
			return nil, fmt.Errorf("slack: upload URL for %s: %w", at.name, err)
		}
		if err := a.api.UploadToURL(ctx, slack.UploadToURLParameters{UploadURL: u.UploadURL,
			Reader: bytes.NewReader(at.data), Filename: at.name}); err != nil {
			return nil, fmt.Errorf("slack: upload %s: %w", at.name, err)
		}
		files = append(files, slack.FileSummary{ID: u.FileID, Title: at.name})
		ids = append(ids, u.FileID)
	}
	_, err := a.api.CompleteUploadExternalContext(ctx, slack.CompleteUploadExternalParameters{
		Files: files, Channel: w.channel, ThreadTimestamp: w.thread, InitialComment: text})
	if err != nil {
		return nil, fmt.Errorf("slack: complete upload: %w", err)
	}
	return ids, nil
}

// waitShared waits, up to Options.ShareWait, until files.info shows each
// file shared in w's channel, so that what is posted next lands below the
// pictures. Past the wait (or without the files:read scope) it goes on: a
// message out of order is better than none.
func (a *Adapter) waitShared(ctx context.Context, w where, ids []string) {
	ctx, cancel := context.WithTimeout(ctx, a.opt.ShareWait)
	defer cancel()
	pause := 100 * time.Millisecond
	for _, id := range ids {
		for {
			f, _, _, err := a.api.GetFileInfoContext(ctx, id, 0, 0)
			if err != nil {
				if ctx.Err() == nil {
					a.log.Warn("files.info: cannot tell when pictures are shared", "file", id, "err", err)
				}
				return
			}
			if shared(f, w) {
				break
			}
			select {
			case <-ctx.Done():
				a.log.Warn("pictures not shared yet; posting on", "file", id, "wait", a.opt.ShareWait)
				return
			case <-time.After(pause):
			}
			pause = min(2*pause, time.Second)
		}
	}
}

// shared reports whether f is shared in w (its thread, if it has one).
func shared(f *slack.File, w where) bool {
	for _, shares := range []map[string][]slack.ShareFileInfo{f.Shares.Public, f.Shares.Private} {
		for _, s := range shares[w.channel] {
			if w.thread == "" || s.ThreadTs == w.thread {
				return true
			}
		}
	}
	return false
}
