package notation

import "strings"

// parseAutoPass reads "autopass [always] [indefinitely]" (a share pass,
// unconditional, kept past the stock round) and "autopass merger [3 5]" (a
// pass in merger rounds for the minors named, or for all of one's minors).
func parseAutoPass(cmd *Command, args []string) error {
	for i, a := range args {
		switch low := strings.ToLower(a); {
		case low == "merger" || low == "mergers" || low == "mr":
			cmd.Choice = "merger"
			cmd.Items = args[i+1:]
			return nil
		case low == "always" || low == "unconditional" || low == "unconditionally":
			cmd.Pool = true
		case low == "indefinite" || low == "indefinitely" || low == "forever":
			cmd.Text = "indefinite"
		default:
			return parseErr("`autopass`, `autopass always`, `autopass indefinitely` or `autopass merger`; %q is extra", Clip(a))
		}
	}
	return nil
}
