// Code generated from the published 1822PNW and 1822CA board data; DO NOT EDIT.
// The tables below are facts of the 1822PNW/1822CA boards, written in pbc's own format.

package board

// sharedTiles are the tiles both titles define identically.
var sharedTiles = []Tile{
	{Name: "3", Color: Yellow, Nodes: []Node{town(10)}, Paths: []Path{ep(0, 0), pe(0, 1)}},
	{Name: "4", Color: Yellow, Nodes: []Node{town(10)}, Paths: []Path{ep(0, 0), pe(0, 3)}},
	{Name: "5", Color: Yellow, Nodes: []Node{city(20, 1)}, Paths: []Path{ep(0, 0), ep(1, 0)}},
	{Name: "6", Color: Yellow, Nodes: []Node{city(20, 1)}, Paths: []Path{ep(0, 0), ep(2, 0)}},
	{Name: "7", Color: Yellow, Paths: []Path{ee(0, 1)}},
	{Name: "8", Color: Yellow, Paths: []Path{ee(0, 2)}},
	{Name: "9", Color: Yellow, Paths: []Path{ee(0, 3)}},
	{Name: "57", Color: Yellow, Nodes: []Node{city(20, 1)}, Paths: []Path{ep(0, 0), pe(0, 3)}},
	{Name: "58", Color: Yellow, Nodes: []Node{town(10)}, Paths: []Path{ep(0, 0), pe(0, 2)}},
	{
		Name:  "14",
		Color: Green,
		Nodes: []Node{city(30, 2)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(3, 0), ep(4, 0)},
	},
	{
		Name:  "15",
		Color: Green,
		Nodes: []Node{city(30, 2)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0)},
	},
	{
		Name:  "80",
		Color: Green,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0)},
	},
	{
		Name:  "81",
		Color: Green,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(4, 0)},
	},
	{
		Name:  "82",
		Color: Green,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(3, 0)},
	},
	{
		Name:  "83",
		Color: Green,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(5, 0), ep(3, 0)},
	},
	{
		Name:  "141",
		Color: Green,
		Nodes: []Node{town(10)},
		Paths: []Path{ep(0, 0), ep(3, 0), ep(1, 0)},
	},
	{
		Name:  "142",
		Color: Green,
		Nodes: []Node{town(10)},
		Paths: []Path{ep(0, 0), ep(5, 0), ep(3, 0)},
	},
	{
		Name:  "143",
		Color: Green,
		Nodes: []Node{town(10)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0)},
	},
	{
		Name:  "144",
		Color: Green,
		Nodes: []Node{town(10)},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(4, 0)},
	},
	{
		Name:  "207",
		Color: Green,
		Nodes: []Node{city(40, 2)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0)},
		Label: "Y",
	},
	{
		Name:  "208",
		Color: Green,
		Nodes: []Node{city(40, 2)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(3, 0), ep(4, 0)},
		Label: "Y",
	},
	{
		Name:  "619",
		Color: Green,
		Nodes: []Node{city(30, 2)},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0)},
	},
	{
		Name:  "622",
		Color: Green,
		Nodes: []Node{city(40, 2)},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0)},
		Label: "Y",
	},
	{
		Name:  "63",
		Color: Brown,
		Nodes: []Node{city(40, 2)},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
	},
	{
		Name:  "544",
		Color: Brown,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(3, 0), ep(4, 0)},
	},
	{
		Name:  "545",
		Color: Brown,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0)},
	},
	{
		Name:  "546",
		Color: Brown,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0)},
	},
	{
		Name:  "769",
		Color: Brown,
		Nodes: []Node{town(10)},
		Paths: []Path{ep(0, 0), ep(2, 0), ep(3, 0), ep(4, 0)},
	},
	{
		Name:  "60",
		Color: Gray,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0), ep(5, 0)},
	},
	{
		Name:  "169",
		Color: Gray,
		Nodes: []Node{junction()},
		Paths: []Path{ep(0, 0), ep(1, 0), ep(2, 0), ep(3, 0), ep(4, 0)},
	},
}
