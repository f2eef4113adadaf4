package engine

import "pbc/engine/action"

// The optional interfaces through which a step lists its choices for Moves
// (and takes its automatic actions). Each step implements those of the action
// types it offers, in its own file, so that Moves asks the step that would
// process an action and names no step type. A step that does not implement a
// lister lists nothing of that type.

// choiceLister lists the answers of the choose question a step asks e.
type choiceLister interface{ choiceMoves(e any) []ChoiceMove }

// abilityLister lists a company card's choose_ability answers at a step.
type abilityLister interface{ abilityChoices(comp *Company) []string }

// layLister lists the tile lays e may make through a step.
type layLister interface{ tileMoves(e any) []TileMove }

// tokenLister lists where e may place a token through a step.
type tokenLister interface{ tokenMoves(e any) []TokenMove }

// hexTokenLister lists the hexes e may token by hex (a destination).
type hexTokenLister interface{ hexTokenMoves(e any) []string }

// trainLister lists the trains e may buy through a step, whether it must buy
// one, and whether that is an emergency purchase.
type trainLister interface {
	trainMoves(e any) (out []TrainMove, must, emergency bool)
}

// buyLister lists the share bundles e may buy (or a major redeem).
type buyLister interface{ buyMoves(e any) []ShareMove }

// saleLister lists the share bundles e may sell (or a major issue);
// forTrain is set when the sales raise money for a train (5.16).
type saleLister interface {
	saleMoves(e any) (sales []ShareMove, forTrain bool)
}

// mergeLister lists the companies e may acquire or merge with.
type mergeLister interface{ mergeMoves(e any) []MergeMove }

// bidLister lists what e may bid on through a step other than the stock
// round's bid boxes (a government railway's token auction).
type bidLister interface{ bidMoves(e any) []BidMove }

// removalLister lists the tokens e may take off the map (to auction them).
type removalLister interface{ removalMoves(e any) []TokenMove }

// passChecker says whether e may pass, beyond the step offering a pass.
type passChecker interface{ canPass(e any) bool }

// autoStep is a step that takes an action itself when its answer is forced
// (18xx.games generates it): nil when the player must decide.
type autoStep interface{ autoAction() action.Action }

// ask is f's answer when step s implements lister L, else nil.
func ask[L any, T any](s step, f func(L) []T) []T {
	if l, ok := s.(L); ok {
		return f(l)
	}
	return nil
}
