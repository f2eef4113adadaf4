package rng

import (
	"slices"
	"testing"
)

func TestNextCheckValues(t *testing.T) {
	tests := []struct {
		seed int64
		want []int64
	}{
		{586, []int64{267367867, 1544653528, 1188437553, 826538262, 1826222743}},
		{1705813307, []int64{729580632, 677861809, 20663958, 1983273495, 1768001028}},
	}
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			r := New(tt.seed)
			for i, w := range tt.want {
				if got := r.Next(); got != w {
					t.Fatalf("seed %d draw %d = %d, want %d", tt.seed, i, got, w)
				}
			}
		})
	}
}

func TestNewReducesSeed(t *testing.T) {
	tests := []struct {
		name string
		seed int64
		same int64
	}{
		{"above modulus", 586 + 3*M, 586},
		{"negative", 586 - M, 586},
		{"modulus", M, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := New(tt.seed), New(tt.same)
			for range 3 {
				if x, y := a.Next(), b.Next(); x != y {
					t.Fatalf("New(%d) draws %d, New(%d) draws %d", tt.seed, x, tt.same, y)
				}
			}
		})
	}
}

func TestSortByKey(t *testing.T) {
	// Seed 586 keys: 267367867, 1544653528, 1188437553, 826538262, 1826222743.
	items := []string{"a", "b", "c", "d", "e"}
	got := SortByKey(New(586), items)
	want := []string{"a", "d", "c", "b", "e"}
	if !slices.Equal(got, want) {
		t.Fatalf("SortByKey = %v, want %v", got, want)
	}
	if !slices.Equal(items, []string{"a", "b", "c", "d", "e"}) {
		t.Fatalf("SortByKey modified its input: %v", items)
	}
	if got := SortByKey(New(586), []int(nil)); len(got) != 0 {
		t.Fatalf("SortByKey(nil) = %v", got)
	}
}

func TestSortByKeyConsumesOneDrawPerItem(t *testing.T) {
	r, ref := New(1705813307), New(1705813307)
	SortByKey(r, []int{1, 2, 3})
	for range 3 {
		ref.Next()
	}
	if a, b := r.Next(), ref.Next(); a != b {
		t.Fatalf("after sorting 3 items next draw = %d, want %d", a, b)
	}
}

func TestMinByKey(t *testing.T) {
	tests := []struct {
		name  string
		seed  int64
		items []string
		want  string
	}{
		// Keys 267367867, 1544653528, 1188437553, 826538262, 1826222743.
		{"first smallest", 586, []string{"a", "b", "c", "d", "e"}, "a"},
		// Keys 729580632, 677861809, 20663958, 1983273495.
		{"third smallest", 1705813307, []string{"a", "b", "c", "d"}, "c"},
		{"empty", 586, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MinByKey(New(tt.seed), tt.items); got != tt.want {
				t.Fatalf("MinByKey = %q, want %q", got, tt.want)
			}
		})
	}
}
