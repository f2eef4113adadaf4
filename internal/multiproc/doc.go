// Package multiproc tests several pbc processes sharing one PostgreSQL
// database: real binaries, their playgrounds driven over HTTP, some killed
// mid-game. It has no code of its own beyond its tests.
package multiproc
