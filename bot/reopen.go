package bot

import (
	"context"
	"errors"
	"fmt"

	"pbc/commands/notation"
	"pbc/storage"
)

// reopens reports whether verb, in a channel whose game is over, is for
// that game: the undo of the move that ended it and the answers to it.
func reopens(v notation.Verb) bool {
	return v == notation.Undo || v == notation.Agree || v == notation.Refuse
}

// afterEnd runs an undo (or an answer to one) at the channel's latest game
// when it is finished: the game is reopened for the command, and finished
// again as it was unless the command took back the move that ended it.
// ok is false when the channel's latest game is not a finished one.
func (d *Dispatcher) afterEnd(ctx context.Context, r Request, cmd *notation.Command) (res Result, ok bool, err error) {
	ch := r.Channel
	gs, err := d.Store.ListGames(ctx, storage.Filter{Channel: &ch, Limit: 1})
	if err != nil || len(gs) == 0 || gs[0].Status != storage.Finished {
		return Result{}, false, err
	}
	fin := gs[0]
	g, err := d.Store.Reopen(ctx, fin.ID)
	if errors.Is(err, storage.ErrChannelBusy) || errors.Is(err, storage.ErrStatus) {
		// A game was created or this one reopened meanwhile: run it again.
		return Result{}, true, fmt.Errorf("%w: the channel changed meanwhile (%v)", storage.ErrConflict, err)
	}
	if err != nil {
		return Result{}, true, err
	}
	d.Sessions().Forget(fin.ID) // a session kept from before the end holds the old record
	res, err = d.active(ctx, r, g.ID, cmd)
	if err == nil && !res.Finished && !res.Refused {
		return res, true, nil
	}
	// The game is still over (a refusal changed nothing). A request noted
	// in its log finished it again with the note; a refusal or a failure
	// leaves it active.
	if cur, gerr := d.Store.Game(ctx, fin.ID); gerr == nil && cur.Status == storage.Active {
		if _, ferr := d.Store.Finish(ctx, fin.ID, fin.EndReason, fin.Result); ferr != nil && err == nil {
			err = fmt.Errorf("finishing game %d again: %w", fin.ID, ferr)
		}
		d.Sessions().Forget(fin.ID)
	}
	return res, true, err
}
