// Package ops is the operator's view of a running bot: /healthz (the store
// and each platform connection, as JSON) and /metrics (counters and
// latencies in the Prometheus text format). It shows no secrets and
// changes nothing.
package ops

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"pbc/bot"
	"pbc/session"
	"pbc/storage"
)

// latencyBuckets span a quick query (a millisecond) to a slow map render
// or a reply retried for a while (half a minute), in seconds.
var latencyBuckets = prometheus.ExponentialBuckets(0.001, 2.5, 13)

// Metrics counts what the bot does. It is a bot.Observer, and its Stage
// method is a session.Options.Observe.
type Metrics struct {
	reg      *prometheus.Registry
	messages *prometheus.CounterVec
	took     *prometheus.HistogramVec
	stages   *prometheus.HistogramVec
}

var _ bot.Observer = (*Metrics)(nil)

// NewMetrics returns metrics with the Go runtime's and the process's own.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		messages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pbc_messages_total",
			Help: "Messages handled, by platform and outcome (move, answer, refused, duplicate, error).",
		}, []string{"platform", "outcome"}),
		took: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "pbc_message_duration_seconds",
			Help:    "Time from taking a message up to its last reply, by platform.",
			Buckets: latencyBuckets,
		}, []string{"platform"}),
		stages: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "pbc_stage_duration_seconds",
			Help:    "Time of each stage of a message: apply (parse and apply a command), store (write a move), render (draw one picture), deliver (post the reply).",
			Buckets: latencyBuckets,
		}, []string{"stage"}),
	}
	m.reg.MustRegister(m.messages, m.took, m.stages,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handled counts a message and its time.
func (m *Metrics) Handled(p storage.Platform, outcome string, took time.Duration) {
	m.messages.WithLabelValues(string(p), outcome).Inc()
	m.took.WithLabelValues(string(p)).Observe(took.Seconds())
}

// Stage records one stage's time.
func (m *Metrics) Stage(stage string, took time.Duration) {
	m.stages.WithLabelValues(stage).Observe(took.Seconds())
}

// Watch adds what the core's connections and the sessions hold now, read
// at each scrape; either may be nil.
func (m *Metrics) Watch(c *bot.Core, s *session.Manager) {
	m.reg.MustRegister(&state{core: c, sessions: s})
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// state collects the gauges read from the core and the sessions.
type state struct {
	core     *bot.Core
	sessions *session.Manager
}

var (
	descSessions = prometheus.NewDesc("pbc_sessions", "Games held in memory.", nil, nil)
	descBytes    = prometheus.NewDesc("pbc_session_bytes", "Estimated bytes of the games held in memory.", nil, nil)
	descCanvases = prometheus.NewDesc("pbc_map_canvases", "Map canvases kept to redraw only what changed.", nil, nil)
	descCanvasB  = prometheus.NewDesc("pbc_map_canvas_bytes", "Bytes of the map canvases kept.", nil, nil)
	descRenders  = prometheus.NewDesc("pbc_renders_in_flight", "Pictures being drawn now.", nil, nil)
	descUp       = prometheus.NewDesc("pbc_platform_up", "1 when the platform connection serves messages, else 0.", []string{"platform"}, nil)
	descRestarts = prometheus.NewDesc("pbc_platform_restarts_total", "Times the platform connection was run again after failing.", []string{"platform"}, nil)
)

func (s *state) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descSessions, descBytes, descCanvases, descCanvasB, descRenders, descUp, descRestarts} {
		ch <- d
	}
}

func (s *state) Collect(ch chan<- prometheus.Metric) {
	if s.sessions != nil {
		st := s.sessions.Stats()
		ch <- prometheus.MustNewConstMetric(descSessions, prometheus.GaugeValue, float64(st.Sessions))
		ch <- prometheus.MustNewConstMetric(descBytes, prometheus.GaugeValue, float64(st.Bytes))
		ch <- prometheus.MustNewConstMetric(descCanvases, prometheus.GaugeValue, float64(st.Pictures))
		ch <- prometheus.MustNewConstMetric(descCanvasB, prometheus.GaugeValue, float64(st.PictureBytes))
		ch <- prometheus.MustNewConstMetric(descRenders, prometheus.GaugeValue, float64(st.Rendering))
	}
	if s.core != nil {
		for _, h := range s.core.Adapters() {
			up := 0.0
			if h.Up() {
				up = 1
			}
			ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, up, string(h.Platform))
			ch <- prometheus.MustNewConstMetric(descRestarts, prometheus.CounterValue, float64(h.Restarts), string(h.Platform))
		}
	}
}
