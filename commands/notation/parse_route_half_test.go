package notation

import "testing"

func TestParseRunHalfTrain(t *testing.T) {
	for _, tc := range []struct{ in, train string }{
		{"run 3/2P-0 L17>K16>J15", "3/2P-0"},
		{"run 3/2p-0 L17 J15", "3/2p-0"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			cmd, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(cmd.Routes) != 1 || cmd.Routes[0].Train != tc.train {
				t.Errorf("routes %+v, want one on %s", cmd.Routes, tc.train)
			}
		})
	}
}
