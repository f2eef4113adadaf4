#!/usr/bin/env ruby
# frozen_string_literal: true

# Runs the reference oracle (replay.rb of ../shared/tools/oracle, given by
# ORACLE_DIR) with one addition to each summary: "cities", for each hex with a
# token or a reservation, every city's slots in the tile's order: the token's
# company, "R:" and the company a slot is reserved for, or "" when open; a
# token beside the slots follows as "+" and its company. pbc replay --trace
# prints the same field, so scripts/oracle-diff compares slots, not only
# where tokens are. For scripts/oracle-selfplay's known classes it also adds
# "tax_haven" (the P11 tax haven's percent of each company, when the title
# has one) and "converting" (a PNW conversion under way: major, minor and
# the minor's value).
#
#   ORACLE_DIR=../shared/tools/oracle ruby scripts/oracle-cities.rb [replay.rb options] GAME.json

dir = ENV.fetch('ORACLE_DIR') { abort 'oracle-cities: set ORACLE_DIR to the oracle directory' }
require File.join(File.expand_path(dir), 'replay')

module Oracle
  module CitySlots
    def build(game, data, **kw)
      out = super
      out['cities'] = cities(game)
      haven = game.respond_to?(:tax_haven) ? game.tax_haven : nil
      if haven
        out['tax_haven'] = haven.shares_by_corporation.reject { |_, sh| sh.empty? }
                                .to_h { |corp, sh| [corp.name, sh.sum(&:percent)] }
      end
      conv = converting(game)
      out['converting'] = conv if conv
      out
    end

    def converting(game)
      step = game.round.active_step
      major = step&.instance_variable_get(:@converting_major)
      return nil unless major && game.respond_to?(:associated_minor)

      minor = game.associated_minor(major)
      return nil unless minor&.share_price

      { 'major' => major.name, 'minor' => minor.name, 'value' => minor.share_price.price * 2 }
    rescue StandardError
      nil
    end

    def cities(game)
      game.hexes.each_with_object({}) do |hex, acc|
        used = false
        list = hex.tile.cities.map do |city|
          slots = city.tokens.each_with_index.map do |t, i|
            r = city.reservations[i]
            if t
              used = true
              t.corporation.name
            elsif r
              used = true
              "R:#{r.respond_to?(:name) ? r.name : r}"
            else
              ''
            end
          end
          city.extra_tokens.each do |t|
            used = true
            slots << "+#{t.corporation.name}"
          end
          slots
        end
        acc[hex.id] = list if used
      end
    end
  end

  Summary.singleton_class.prepend(CitySlots)
end

exit(Oracle.replay_main(ARGV))
