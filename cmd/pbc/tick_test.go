package main

import (
	"testing"
	"time"
)

func TestReminderTick(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"1m", time.Minute, true},
		{" 250ms ", 250 * time.Millisecond, true},
		{"0", 0, false},
		{"-1s", 0, false},
		{"soon", 0, false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := reminderTick(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("reminderTick(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
			}
		})
	}
}
