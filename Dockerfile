# syntax=docker/dockerfile:1

# Build: a static binary (no cgo), so the final image needs no libc.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum* ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /pbc ./cmd/pbc \
	&& mkdir -p /data

# Run: distroless static, as the non-root user (uid 65532) of the :nonroot tag.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /pbc /pbc
COPY --from=build --chown=65532:65532 /data /data
USER 65532:65532
WORKDIR /data
VOLUME /data
# The bot keeps its SQLite file on the volume. The playground (run when no
# platform token is set, or with PBC_PLAYGROUND=true) listens on 8822 on
# every interface, so it starts only with an access secret
# (PBC_PLAYGROUND_SECRET, given to players as the invite link printed at
# start): without one, pbc refuses to start it and says why.
#
# The operator's /healthz and /metrics listen on loopback inside the
# container, for the health check below (pbc healthcheck GETs /healthz:
# the image has no curl); set PBC_OPS_LISTEN=0.0.0.0:8823 and publish the
# port to scrape /metrics from outside.
ENV PBC_DB=/data/pbc.db PBC_LISTEN=0.0.0.0:8822 PBC_OPS_LISTEN=127.0.0.1:8823
EXPOSE 8822
HEALTHCHECK --interval=30s --timeout=10s --start-period=20s --retries=3 CMD ["/pbc", "healthcheck"]
ENTRYPOINT ["/pbc"]
