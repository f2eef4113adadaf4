package sqlite

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// One process writes a database file. Two bot processes on one file would
// both send the reminders and each keep its own view of the games in
// memory; the store would keep them consistent, but not the players' chat.
// So Open takes an exclusive lock on a file beside the database (its name
// with ".lock"), which the system releases when the process ends, however
// it ends; a second process is refused at once with ErrLocked. Several
// processes are the PostgreSQL store's job.

// ErrLocked is returned by Open when another process has the database open.
var ErrLocked = errors.New("sqlite: the database is in use by another process")

// lockFile is an open, locked lock file.
type lockFile struct{ f *os.File }

// lock takes the exclusive lock of the database at path, writing this
// process's id into the lock file for whoever is refused next.
func lock(path string) (*lockFile, error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	if err := flock(f); err != nil {
		holder := ""
		if b, rerr := os.ReadFile(name); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil {
				holder = fmt.Sprintf(" (process %d)", pid)
			}
		}
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w%s: %s is open there; stop that process, or give this one another database file "+
				"(one process writes a SQLite file; run several with the PostgreSQL store)", ErrLocked, holder, path)
		}
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &lockFile{f: f}, nil
}

// flock takes f's exclusive lock without waiting, retrying a call cut short
// by a signal.
func flock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// unlock releases the lock; the lock file stays (removing it would let a
// process that opened it meanwhile lock a file nobody else sees).
func (l *lockFile) unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
