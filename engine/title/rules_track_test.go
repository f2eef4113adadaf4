package title

import "testing"

// TestTrackAndStepRules checks the track and step switches that replaced
// title checks in the family rules: each scenario keeps its base title's
// switches, and the two families set the ones their rulebooks call for.
func TestTrackAndStepRules(t *testing.T) {
	pnwTrack := TrackRules{UpgradeMustAddTrack: true, TownRemovalWaits: true, UnwalkedSpecialLays: true}
	caTrack := TrackRules{PrivateLayWholeStep: true, MostTrackUnlabelledOnly: true, DestinationTakesNewSlot: true}
	pnwSteps := StepRules{}
	caSteps := StepRules{DestinationByCity: true}
	tests := []struct {
		name  string
		track TrackRules
		steps StepRules
	}{
		{"1822PNW", pnwTrack, pnwSteps},
		{"1822PNW Short Scenario", pnwTrack, pnwSteps},
		{"1822PNW SRS", pnwTrack, pnwSteps},
		{"1822CA", caTrack, caSteps},
		{"1822CA ERS", caTrack, caSteps},
		{"1822CA WRS", caTrack, caSteps},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ti, err := ByName(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if ti.TrackRules != tc.track {
				t.Errorf("track rules %+v, want %+v", ti.TrackRules, tc.track)
			}
			if ti.StepRules != tc.steps {
				t.Errorf("step rules %+v, want %+v", ti.StepRules, tc.steps)
			}
		})
	}
}
