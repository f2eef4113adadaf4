package main

import (
	"slices"
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

func TestDiscordShardFlags(t *testing.T) {
	for _, tc := range []struct {
		count, ids string
		want       int
		wantIDs    []int
		ok         bool
	}{
		{"", "", 0, nil, true},
		{"4", "", 4, nil, true},
		{"4", "0, 2", 4, []int{0, 2}, true},
		{"0", "", 0, nil, false},
		{"four", "", 0, nil, false},
		{"", "1", 0, nil, false},
		{"2", "a", 0, nil, false},
	} {
		t.Run("shards "+tc.count+" ids "+tc.ids, func(t *testing.T) {
			n, ids, err := shardFlags{count: &tc.count, ids: &tc.ids}.parse()
			if (err == nil) != tc.ok || n != tc.want || !slices.Equal(ids, tc.wantIDs) {
				t.Errorf("parse(%q, %q) = %d, %v, %v; want %d, %v, ok %v", tc.count, tc.ids, n, ids, err, tc.want, tc.wantIDs, tc.ok)
			}
		})
	}
}
