package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// healthTimeout bounds one health check: the endpoint itself gives the
// store 3 s.
const healthTimeout = 5 * time.Second

// cmdHealthcheck GETs the operator's /healthz and exits 0 when it answers
// 200, else 1: a container's health check that needs no curl in the image.
// The address is the argument, else PBC_OPS_LISTEN (an unspecified host
// there, as 0.0.0.0, is asked on loopback).
func cmdHealthcheck(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	addr := getenv(envOpsListen)
	switch {
	case len(args) == 1 && !strings.HasPrefix(args[0], "-"):
		addr = args[0]
	case len(args) > 0:
		fmt.Fprintln(stderr, "usage: pbc healthcheck [HOST:PORT]   (default: "+envOpsListen+")")
		return 2
	}
	url, err := healthURL(addr)
	if err != nil {
		fmt.Fprintln(stderr, "pbc healthcheck:", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		fmt.Fprintln(stderr, "pbc healthcheck:", err)
		return 2
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(stderr, "pbc healthcheck:", err)
		return 1
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<10))
	fmt.Fprintf(stdout, "%s %s\n", resp.Status, strings.TrimSpace(string(body)))
	if resp.StatusCode != http.StatusOK {
		return 1
	}
	return 0
}

// healthURL is the /healthz URL of an operator address.
func healthURL(addr string) (string, error) {
	if addr == "" {
		return "", fmt.Errorf("no address: set %s or give HOST:PORT", envOpsListen)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("address %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
