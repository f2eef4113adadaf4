package discord

import "github.com/bwmarrin/discordgo"

// APIVersion is the Discord API version the adapter speaks: 10, the stable
// one. discordgo v0.29.0 fixes its REST paths at v9 when it starts, and
// reads its gateway version at connect; both come from its exported
// APIVersion and Endpoint variables, which it documents as there to be
// changed, so no fork is needed.
const APIVersion = "10"

func init() {
	discordgo.APIVersion = APIVersion
	pointAt(discordgo.EndpointDiscord)
}

// pointAt makes discordgo's REST endpoints those of base (Discord's own
// address, or a local Discord in tests), at APIVersion. The endpoint
// functions read these variables when called.
func pointAt(base string) {
	discordgo.EndpointDiscord = base
	api := base + "api/v" + discordgo.APIVersion + "/"
	discordgo.EndpointAPI = api
	discordgo.EndpointGuilds = api + "guilds/"
	discordgo.EndpointChannels = api + "channels/"
	discordgo.EndpointUsers = api + "users/"
	discordgo.EndpointGateway = api + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	discordgo.EndpointWebhooks = api + "webhooks/"
	discordgo.EndpointStickers = api + "stickers/"
	discordgo.EndpointStageInstances = api + "stage-instances"
	discordgo.EndpointSKUs = api + "skus"
	discordgo.EndpointVoice = api + "/voice/"
	discordgo.EndpointVoiceRegions = discordgo.EndpointVoice + "regions"
	discordgo.EndpointNitroStickersPacks = api + "/sticker-packs"
	discordgo.EndpointGuildCreate = api + "guilds"
	discordgo.EndpointApplications = api + "applications"
	discordgo.EndpointOAuth2 = api + "oauth2/"
	discordgo.EndpointOAuth2Applications = discordgo.EndpointOAuth2 + "applications"
	discordgo.EndpointOauth2 = discordgo.EndpointOAuth2
	discordgo.EndpointOauth2Applications = discordgo.EndpointOAuth2Applications
}
