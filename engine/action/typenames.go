package action

import "slices"

// Action types as written in "type". Every layer names an action type by
// these constants, never by the string.
const (
	TypePass                    = "pass"
	TypeBid                     = "bid"
	TypeLayTile                 = "lay_tile"
	TypeRunRoutes               = "run_routes"
	TypeUndo                    = "undo"
	TypeRedo                    = "redo"
	TypeChoose                  = "choose"
	TypeChooseAbility           = "choose_ability"
	TypeDividend                = "dividend"
	TypeBuyTrain                = "buy_train"
	TypeBuyShares               = "buy_shares"
	TypeSellShares              = "sell_shares"
	TypePar                     = "par"
	TypeAcquireCompany          = "acquire_company"
	TypeMerge                   = "merge"
	TypePlaceToken              = "place_token"
	TypeRemoveToken             = "remove_token"
	TypeHexToken                = "hex_token"
	TypeDiscardTrain            = "discard_train"
	TypePayoffPlayerDebt        = "payoff_player_debt"
	TypePayoffPlayerDebtPartial = "payoff_player_debt_partial"
	TypeLog                     = "log"
	TypeMessage                 = "message"
	TypeAssign                  = "assign"
	TypeEndGame                 = "end_game"
	TypeProgramSharePass        = "program_share_pass"
	TypeProgramBuyShares        = "program_buy_shares"
	TypeProgramDisable          = "program_disable"
	TypeProgramMergerPass       = "program_merger_pass"
)

// Types lists the modelled action types, sorted.
func Types() []string {
	out := make([]string, 0, len(constructors))
	for t := range constructors {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
