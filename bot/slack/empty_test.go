package slack

import (
	"encoding/json"
	"strings"
	"testing"

	"pbc/bot"
)

// TestNoEmptyLabel: a button or menu option with no label goes to Slack
// labelled with its command, or not at all; a reply with nothing to show
// is not sent.
func TestNoEmptyLabel(t *testing.T) {
	a := &Adapter{menus: newMenuStore()}
	blocks := a.blocks("", bot.Reply{
		Buttons: []bot.Button{{Label: "", Command: "pass"}, {Label: " ", Command: ""}},
		Menus:   []bot.Menu{{Placeholder: "Bid…", Options: []bot.MenuOption{{Label: " ", Command: "bid M5 100"}, {Label: "", Command: ""}}}},
	})
	b, err := json.Marshal(blocks)
	if err != nil {
		t.Fatal(err)
	}
	js := string(b)
	for _, want := range []string{`"text":"pass"`, `"text":"bid M5 100"`} {
		if !strings.Contains(js, want) {
			t.Errorf("blocks lack %s: %s", want, js)
		}
	}
	if strings.Contains(js, `"text":""`) || strings.Contains(js, `"text":" "`) {
		t.Errorf("an empty text is sent: %s", js)
	}
	if !(bot.Reply{Text: " \n", Buttons: []bot.Button{{Label: "", Command: ""}}}).Empty() {
		t.Error("a reply of blanks and a choice with neither label nor command is not empty")
	}
}
