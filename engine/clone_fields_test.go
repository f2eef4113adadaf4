package engine

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// cloneSteps is one value of every step type (each copies itself, copyFor).
var cloneSteps = []step{&discardStep{}, &pendingTokenStep{}, &housekeepingStep{}, &acquireCompanyStep{}, &specialChooseStep{},
	&assignStep{}, &specialTrackStep{}, &specialTokenStep{}, &trackStep{}, &destinationStep{}, &tokenStep{},
	&routeStep{}, &dividendStep{}, &buyTrainStep{}, &minorAcquisitionStep{}, &acquisitionTrackStep{},
	&issueStep{}, &shareStep{}, &chooseStep{}, &mergeStep{}, &govCashOutStep{}, &govAuctionStep{}}

// stateTypes lists the engine's struct types reachable from Game and the
// steps, with their fields that hold pointers, maps, slices or interfaces
// ("Type.field kind"): the fields a plain struct copy would share.
func stateTypes() (types map[string]bool, refs []string) {
	types = map[string]bool{}
	var visit func(t reflect.Type)
	visit = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			visit(t.Elem())
			return
		case reflect.Map:
			visit(t.Key())
			visit(t.Elem())
			return
		case reflect.Struct:
		default:
			return
		}
		if t.PkgPath() != "pbc/engine" || types[t.Name()] {
			return
		}
		types[t.Name()] = true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			switch f.Type.Kind() {
			case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface, reflect.Func, reflect.Chan:
				refs = append(refs, t.Name()+"."+f.Name+" "+f.Type.Kind().String())
			}
			visit(f.Type)
		}
	}
	visit(reflect.TypeOf(Game{}))
	for _, s := range cloneSteps {
		visit(reflect.TypeOf(s))
	}
	slices.Sort(refs)
	return types, refs
}

// cloneKnows are the reference fields clone.go was written for. Value
// fields need nothing: a struct copy copies them.
var cloneKnows = []string{
	"BoardState.Hexes map",
	"BoardState.Map ptr",
	"BoardState.marked ptr", // never changed once found: copies share it
	"BoardState.order slice",
	"BoardState.tileUsed map",
	"Company.Def ptr",
	"Company.Owner interface",
	"Corp.Def ptr",
	"Corp.Owner ptr",
	"Corp.Privates slice",
	"Corp.Shares slice",
	"Corp.Tokens slice",
	"Corp.Trains slice",
	"Depot.Discarded slice",
	"Depot.Upcoming slice",
	"Depot.all map",
	"Depot.nextIndex map",
	"Depot.reserved map",
	"Game.mu ptr",
	"Game.Board ptr",
	"Game.Companies slice",
	"Game.Corps slice",
	"Game.Depot ptr",
	"Game.Market ptr",
	"Game.Opts map",
	"Game.Players slice",
	"Game.Pool ptr",
	"Game.T ptr",
	"Game.abilityGone map",
	"Game.abilityOR map",
	"Game.abilityUses map",
	"Game.applied slice",
	"Game.assoc map",
	"Game.bidboxCache slice",
	"Game.blocker ptr",
	"Game.cards map",
	"Game.compByID map",
	"Game.corpByID map",
	"Game.crowdCorp ptr",
	"Game.emptyBidbox slice",
	"Game.eventsFired map",
	"Game.hexReserved map",
	"Game.lastAction interface",
	"Game.pendingHomeTokens slice",
	"Game.programs map",
	"Game.reachCache map",
	"Game.regionalORs map",
	"Game.round ptr",
	"Game.seats slice",
	"Game.taxHaven ptr",
	"Game.tileCubes map",
	"Game.warnings slice",
	"HexState.Borders slice",
	"HexState.Def ptr",
	"HexState.Extra map",
	"HexState.Markers map",
	"HexState.Reserved map",
	"HexState.Slots map",
	"HexState.Tile ptr",
	"HexState.board ptr",
	"Market.Cells slice",
	"Market.Stacks slice",
	"Market.grid ptr",
	"Player.Companies slice",
	"Program.Minors slice",
	"Share.Corp ptr",
	"Share.Owner interface",
	"Token.Corp ptr",
	"Train.Def ptr",
	"Train.Owner ptr",
	"acquireCompanyStep.p20From ptr",
	"acquireCompanyStep.r ptr",
	"acquisitionTrackStep.r ptr",
	"assignStep.r ptr",
	"bid.player ptr",
	"buyTrainStep.r ptr",
	"buyTrainStep.sold slice",
	"cardState.chooser ptr",
	"cardState.markerOwner ptr",
	"chooseStep.r ptr",
	"destinationStep.r ptr",
	"discardStep.r ptr",
	"dividendStep.r ptr",
	"govAuctionStep.bidders slice",
	"govAuctionStep.choosers slice",
	"govAuctionStep.highBidder ptr",
	"govAuctionStep.mins slice",
	"govAuctionStep.order slice",
	"govAuctionStep.r ptr",
	"govAuctionStep.tokens slice",
	"govAuctionStep.up ptr",
	"govAuctionStep.winner ptr",
	"govCashOutStep.r ptr",
	"housekeepingStep.r ptr",
	"issueStep.r ptr",
	"mergeStep.r ptr",
	"mergerState.assoc ptr",
	"mergerState.major ptr",
	"mergerState.player ptr",
	"mergerState.unassoc ptr",
	"minorAcquisitionStep.r ptr",
	"minorAcquisitionStep.target ptr",
	"orState.acquirer ptr",
	"orState.laidHexes slice",
	"orState.mustLay ptr",
	"orState.pendingTok slice",
	"orState.routes slice",
	"pendingToken.corp ptr",
	"pendingTokenStep.r ptr",
	"reachEntry.r ptr",        // a walked network is never changed
	"reachEntry.starts slice", // nor the stations it was walked from
	"round.entities slice",
	"round.g ptr",
	"round.mr ptr",
	"round.op ptr",
	"round.sr ptr",
	"round.steps slice",
	"routeMarkSet.portage map",
	"routeMarkSet.timber map",
	"routeStep.r ptr",
	"shareStep.r ptr",
	"specialTokenStep.r ptr",
	"specialChooseStep.r ptr",
	"specialTrackStep.r ptr",
	"srState.actions slice",
	"srState.bidOrder slice",
	"srState.bids map",
	"srState.converting ptr",
	"srState.history map",
	"srState.sold map",
	"srState.winning map",
	"stepBase.g ptr",
	"stepBase.memoActs slice",
	"stepBase.memoEnt interface",
	"tokenStep.r ptr",
	"trackStep.r ptr",
}

// TestCloneKnowsEveryField fails when a state type gains, loses or changes
// a field that holds a reference: teach clone.go to copy it (map its
// pointers, copy its slices and maps; a func must become data), then list
// it in cloneKnows.
func TestCloneKnowsEveryField(t *testing.T) {
	_, refs := stateTypes()
	for _, r := range refs {
		if !slices.Contains(cloneKnows, r) {
			t.Errorf("clone.go does not know %s", r)
		}
		if strings.HasSuffix(r, " func") || strings.HasSuffix(r, " chan") {
			t.Errorf("%s: the state must hold data, not a %s, to be copied", r, r[strings.LastIndexByte(r, ' ')+1:])
		}
	}
	for _, k := range cloneKnows {
		if !slices.Contains(refs, k) {
			t.Errorf("cloneKnows lists %s, which is no longer a state field", k)
		}
	}
}
