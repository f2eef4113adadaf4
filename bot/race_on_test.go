//go:build race

package bot

// raceDetector says the race detector is on: memory figures mean nothing.
const raceDetector = true
