package storage

import (
	"context"
	"time"
)

// SignIn is a playground browser's sign-in as a name. Tokens are kept as
// hashes only: the store never holds what a cookie or a link presents.
type SignIn struct {
	TokenHash   string // hash of the session cookie's token
	BrowserHash string // hash of the browser's own cookie: a browser may switch names and come back
	Name        string // the name as claimed
	NameKey     string // the name's comparison key (one name however it is written)
	Admin       bool   // signed in with the admin key, or the link of a name that was
	Expires     time.Time
}

// Holder is who holds a playground name: the hash of its personal sign-in
// link, which gives the name back to its player in any browser.
type Holder struct {
	NameKey  string
	Name     string
	LinkHash string
	Admin    bool // the link was made by a sign-in with the admin key
	Created  time.Time
}

// SignIns keeps the playground's sign-ins and name holders, so that they
// survive a restart. Both stores implement it.
type SignIns interface {
	// SaveSignIn stores a sign-in, replacing one with the same token hash.
	SaveSignIn(ctx context.Context, s SignIn) error
	// SignIn returns the sign-in of a token hash; ErrNotFound if there is
	// none or it expired by now.
	SignIn(ctx context.Context, tokenHash string, now time.Time) (SignIn, error)
	// NameSignIns returns the sign-ins of a name key that are live at now.
	NameSignIns(ctx context.Context, nameKey string, now time.Time) ([]SignIn, error)
	// EndSignIn removes a sign-in (nothing if there is none).
	EndSignIn(ctx context.Context, tokenHash string) error
	// SweepSignIns removes the sign-ins expired by now and says how many.
	SweepSignIns(ctx context.Context, now time.Time) (int, error)
	// SaveHolder stores a name's holder, replacing the name's earlier one.
	SaveHolder(ctx context.Context, h Holder) error
	// Holder returns the holder of a name key, or ErrNotFound.
	Holder(ctx context.Context, nameKey string) (Holder, error)
	// HolderByLink returns the holder whose link has that hash, or ErrNotFound.
	HolderByLink(ctx context.Context, linkHash string) (Holder, error)
	// Seated reports whether a user (its id compared without case) holds a
	// seat at an open game of platform p.
	Seated(ctx context.Context, p Platform, userID string) (bool, error)
}
