package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"pbc/bot"
	"pbc/engine"
	"pbc/storage"
	"pbc/storage/postgres"
	"pbc/storage/sqlite"
)

// cmdMigrate copies a SQLite database into a new PostgreSQL database, then
// checks that nothing was lost: every table's row count, and every game's
// log, exported and replayed by the engine, the same from both.
func cmdMigrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite database `file` to copy (no bot may have it open)")
	to := fs.String("to", "", "the PostgreSQL database `URL` (postgres://…) to copy into; it must hold no games yet [default "+bot.EnvDB+"]")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *to == "" {
		*to = os.Getenv(bot.EnvDB)
	}
	if fs.NArg() > 0 || *from == "" || !postgres.IsURL(*to) {
		fmt.Fprintln(stderr, "usage: pbc migrate --from FILE.db --to postgres://…")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := migrateDB(ctx, *from, *to, stdout); err != nil {
		fmt.Fprintln(stderr, "pbc migrate:", err)
		return 1
	}
	return 0
}

// migrateDB copies the SQLite database at from into the PostgreSQL one at
// to and checks the copy, reporting to out.
func migrateDB(ctx context.Context, from, to string, out io.Writer) error {
	if fi, err := os.Stat(from); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("no SQLite database at %s", from)
	}
	// Opening the store takes its lock (no bot writes while the copy runs)
	// and brings its schema to the newest version, the one the copy reads.
	src, err := sqlite.Open(ctx, from)
	if err != nil {
		return err
	}
	defer src.Close()
	raw, err := sql.Open("sqlite", from+"?_query_only=1&_busy_timeout=10000")
	if err != nil {
		return err
	}
	defer raw.Close()
	dst, err := postgres.Open(ctx, to)
	if err != nil {
		return err
	}
	defer dst.Close()
	copied, err := dst.CopyFromSQLite(ctx, raw)
	if err != nil {
		return err
	}
	if err := checkCounts(ctx, raw, dst, copied, out); err != nil {
		return err
	}
	games, err := src.ListGames(ctx, storage.Filter{})
	if err != nil {
		return err
	}
	slices.Reverse(games) // oldest first
	var bad []string
	for _, g := range games {
		if err := sameGame(ctx, src, dst, g.ID); err != nil {
			bad = append(bad, err.Error())
			fmt.Fprintf(out, "game %d: %v\n", g.ID, err)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d games differ after the copy (the copy stays; drop that database before trying again)", len(bad), len(games))
	}
	fmt.Fprintf(out, "copied %d games: every table's rows counted the same, every game exported and replayed the same from both\n", len(games))
	return nil
}

// checkCounts compares each table's row count in the source, in the
// target and as copied, printing them.
func checkCounts(ctx context.Context, raw *sql.DB, dst *postgres.DB, copied map[string]int64, out io.Writer) error {
	after, err := dst.Counts(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, t := range postgres.Tables {
		var n int64
		if err := raw.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t).Scan(&n); err != nil {
			return fmt.Errorf("counting %s: %w", t, err)
		}
		fmt.Fprintf(out, "%-16s %8d rows\n", t, n)
		if copied[t] != n || after[t] != n {
			errs = append(errs, fmt.Errorf("table %s: %d rows in the file, %d copied, %d in the database", t, n, copied[t], after[t]))
		}
	}
	return errors.Join(errs...)
}

// sameGame checks that game id loads, exports and replays the same from
// both stores; a game that does not load from the file (a corrupt row) must
// fail alike and have the same rows.
func sameGame(ctx context.Context, a, b storage.Store, id storage.GameID) error {
	la, errA := a.Load(ctx, id)
	lb, errB := b.Load(ctx, id)
	if errA != nil || errB != nil {
		if errA == nil || errB == nil || errA.Error() != errB.Error() {
			return fmt.Errorf("loads as %v from the file, %v from the database", errA, errB)
		}
		ra, err := a.Rows(ctx, id, 0)
		if err != nil {
			return err
		}
		rb, err := b.Rows(ctx, id, 0)
		if err != nil {
			return err
		}
		if len(ra) != len(rb) {
			return fmt.Errorf("%d rows in the file, %d in the database", len(ra), len(rb))
		}
		for i := range ra {
			if ra[i].Seq != rb[i].Seq || !bytes.Equal(ra[i].Action, rb[i].Action) || ra[i].UserID != rb[i].UserID || !ra[i].At.Equal(rb[i].At) {
				return fmt.Errorf("row %d differs", ra[i].Seq)
			}
		}
		return nil
	}
	var ea, eb bytes.Buffer
	if err := la.Log.Write(&ea); err != nil {
		return err
	}
	if err := lb.Log.Write(&eb); err != nil {
		return err
	}
	if !bytes.Equal(ea.Bytes(), eb.Bytes()) {
		return fmt.Errorf("its export differs")
	}
	if ra, rb := replayed(la), replayed(lb); ra != rb {
		return fmt.Errorf("replays differently:\nfrom the file     %.300s\nfrom the database %.300s", ra, rb)
	}
	return nil
}

// replayed is where the engine's replay of a loaded game ends: its whole
// state and the error that stopped it, if any.
func replayed(ld *storage.Loaded) string {
	g, err := engine.Replay(ld.Log, engine.ReplayOptions{})
	if g == nil {
		return fmt.Sprintf("no game: %v", err)
	}
	b, jerr := json.Marshal(g.Snapshot(true))
	if jerr != nil {
		return fmt.Sprintf("snapshot: %v", jerr)
	}
	return fmt.Sprintf("%s; error %v", b, err)
}
