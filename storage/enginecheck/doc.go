// Package enginecheck holds tests that stored games replay in the rules
// engine exactly as their original logs do. It has no code of its own; it is
// apart from package sqlite so that storage's own tests never depend on the
// engine building.
package enginecheck
